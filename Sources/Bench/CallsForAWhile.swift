import Foundation

/// Calls made by `width` tasks at once, each calling again as soon as its call ends, until
/// `seconds` have passed: how many completed and how many threw.
enum CallsForAWhile {
    static func run(
        width: Int, seconds: Double, _ call: @escaping @Sendable () async throws -> Void
    ) async -> (completed: Int, failed: Int) {
        let end = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
        return await withTaskGroup(of: (Int, Int).self) { group in
            for _ in 0..<width {
                group.addTask {
                    var completed = 0
                    var failed = 0
                    while DispatchTime.now().uptimeNanoseconds < end {
                        do {
                            try await call()
                            completed += 1
                        } catch {
                            failed += 1
                        }
                    }
                    return (completed, failed)
                }
            }
            return await group.reduce((0, 0)) { ($0.0 + $1.0, $0.1 + $1.1) }
        }
    }
}
