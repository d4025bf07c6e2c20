import Dispatch

/// Where blocking file work runs (upload and download files opened, read, truncated; a
/// downloaded body decoded): a dispatch queue, never Swift's cooperative pool, whose few threads
/// must not wait for a disk, nor a transport's event loop, which must not wait for anything.
package enum FileQueue {
    /// Concurrent: files of different calls do not wait for each other.
    private static let queue = DispatchQueue(label: "courier.files", attributes: .concurrent)

    /// Runs `work` on the queue and returns what it returned, or throws what it threw.
    package static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try work() }) }
        }
    }

    /// Runs `work` on the queue, without waiting for it.
    package static func detach(_ work: @escaping @Sendable () -> Void) {
        queue.async(execute: work)
    }
}
