import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Runs an operation with a time limit on the whole of it.
///
/// `URLRequest.timeoutInterval` only limits the wait between two packets, so a server that
/// trickles its body never trips it; a deadline does.
enum Deadline {
    /// Runs `operation`, cancelling it and throwing `URLError(.timedOut)` after `seconds`. A call
    /// without a limit does not come here: it would pay for the closure and the frame for nothing.
    static func run<T: Sendable>(
        within seconds: TimeInterval, _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        try await withThrowingTaskGroup(of: T.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
                throw URLError(.timedOut)
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw URLError(.timedOut) }
            return first
        }
    }
}
