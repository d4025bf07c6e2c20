import Dispatch

/// Where blocking work runs (files opened, read, written and truncated; a downloaded body
/// decoded; names looked up; threads joined): threads of dispatch's own, never Swift's
/// cooperative pool, whose few threads must not wait for a disk or a DNS server, nor a transport's
/// event loop, which must not wait for anything.
///
/// A concurrent queue would not do. On Linux, dispatch's global concurrent queues run on the
/// threads that are Swift's cooperative pool (one per core): blocking work queued there holds the
/// pool as surely as blocking in a task would. A serial queue runs on a thread of dispatch's
/// overcommitting pool, made as needed; each job gets a queue of its own, so jobs never wait for
/// one another.
package enum BlockingQueue {
    /// Runs `work` on a thread of its own and returns what it returned, or throws what it threw.
    package static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue().async { continuation.resume(with: Result { try work() }) }
        }
    }

    /// Runs `work` on a thread of its own, without waiting for it.
    package static func detach(_ work: @escaping @Sendable () -> Void) {
        queue().async(execute: work)
    }

    private static func queue() -> DispatchQueue {
        DispatchQueue(label: "courier.blocking")
    }
}
