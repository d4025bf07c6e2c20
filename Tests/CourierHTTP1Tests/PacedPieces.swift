#if os(Linux)
    import Foundation

    @testable import Courier

    /// Bytes a ``NativeTestServer`` writes only when the test hands them over, one piece at a time,
    /// so a test decides what the client has received before it moves a virtual clock.
    final class PacedPieces: Sendable {
        private let pieces = LockedState<[[UInt8]?]>([])
        private let ready = DispatchSemaphore(value: 0)

        /// Hands `bytes` to the server, which writes them at once.
        func send(_ bytes: [UInt8]) {
            pieces.withLock { $0.append(bytes) }
            ready.signal()
        }

        /// Tells the server to stop writing; the connection stays open.
        func end() {
            pieces.withLock { $0.append(nil) }
            ready.signal()
        }

        /// The next piece, waiting on the server's own thread; `nil` once the test ended them.
        func next() -> [UInt8]? {
            ready.wait()
            return pieces.withLock { $0.removeFirst() }
        }
    }
#endif
