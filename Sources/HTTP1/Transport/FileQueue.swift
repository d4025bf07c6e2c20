#if os(Linux)
    import Dispatch

    /// Where the transport's blocking file work runs (opening, reading and truncating upload and
    /// download files): a dispatch queue, never Swift's cooperative pool, whose few threads must
    /// not wait for a disk, nor the event loop's thread, which must not wait for anything.
    enum FileQueue {
        /// Concurrent: files of different calls do not wait for each other.
        private static let queue = DispatchQueue(label: "courier.files", attributes: .concurrent)

        /// Runs `work` on the queue and returns what it returned, or throws what it threw.
        static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
            try await withCheckedThrowingContinuation { continuation in
                queue.async { continuation.resume(with: Result { try work() }) }
            }
        }

        /// Runs `work` on the queue, without waiting for it.
        static func detach(_ work: @escaping @Sendable () -> Void) {
            queue.async(execute: work)
        }
    }
#endif
