#if os(Linux)
    import Foundation
    import CourierTransport
    import Glibc

    /// Writes a download's body to its file on a serial queue of its own, so neither the event
    /// loop's thread nor the connection's lock waits for the disk.
    ///
    /// Back-pressure: ``enqueue(_:)`` says when more than ``highWater`` bytes wait, and the
    /// connection stops reading the socket until the queue is down to ``lowWater`` (the
    /// ``whenDrained(_:)`` callback), so a disk slower than the network costs memory up to a bound.
    final class DownloadSink: Sendable {
        /// Bytes waiting past which the connection stops reading.
        static let highWater = 4 * 1024 * 1024
        /// Bytes waiting below which it reads again.
        static let lowWater = 1024 * 1024

        private struct State: Sendable {
            var waiting = 0
            var paused = false
            /// The first `errno` of a failed write; later bytes are dropped.
            var failure: Int32?
            var drained: (@Sendable () -> Void)?
            var failed: (@Sendable (Int32) -> Void)?
        }

        /// The file, open for writing.
        let fd: Int32
        private let queue = DispatchQueue(label: "courier.download")
        private let state = LockedState(State())

        init(fd: Int32) {
            self.fd = fd
        }

        /// Calls `action` each time reading may go on after ``enqueue(_:)`` said to stop.
        func whenDrained(_ action: @escaping @Sendable () -> Void) {
            state.withLock { $0.drained = action }
        }

        /// Calls `action` with the `errno` of the first write that fails.
        func whenFailed(_ action: @escaping @Sendable (Int32) -> Void) {
            state.withLock { $0.failed = action }
        }

        /// Queues `bytes` for the file; `true` when so much waits that reading should stop.
        func enqueue(_ bytes: Data) -> Bool {
            let stop = state.withLock { state -> Bool in
                state.waiting += bytes.count
                if state.waiting > Self.highWater { state.paused = true }
                return state.paused
            }
            queue.async { [self] in write(bytes) }
            return stop
        }

        private func write(_ bytes: Data) {
            let skip = state.withLock { $0.failure != nil }
            var code: Int32?
            if !skip {
                bytes.withUnsafeBytes { buffer in
                    guard var pointer = buffer.baseAddress else { return }
                    var left = buffer.count
                    while left > 0 {
                        let written = Glibc.write(fd, pointer, left)
                        if written < 0 {
                            if errno == EINTR { continue }
                            code = errno
                            return
                        }
                        left -= written
                        pointer += written
                    }
                }
            }
            let (resume, fail) = state.withLock { state -> ((@Sendable () -> Void)?, (@Sendable (Int32) -> Void)?) in
                state.waiting -= bytes.count
                var fail: (@Sendable (Int32) -> Void)?
                if let code, state.failure == nil {
                    state.failure = code
                    fail = state.failed
                }
                guard state.paused, state.waiting <= Self.lowWater else { return (nil, fail) }
                state.paused = false
                return (state.drained, fail)
            }
            if let code { fail?(code) }
            resume?()
        }

        /// Waits until every queued byte is in the file; throws
        /// ``ConnectionFailure/fileWriteFailed(_:)`` when a write failed.
        func finish() async throws {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                queue.async { continuation.resume() }
            }
            if let code = state.withLock({ $0.failure }) { throw ConnectionFailure.fileWriteFailed(code) }
        }
    }
#endif
