#if os(Linux)
    import Foundation

    /// Where a connection writes a response body that does not go to memory: a download's file
    /// (``DownloadSink``) or a stream's consumer (``StreamSink``). Either may ask the connection to
    /// stop reading the socket until it caught up.
    protocol BodySink: Sendable {
        /// The head of the response arrived (before any byte of its body).
        func headArrived(_ head: HTTPResponseHead)
        /// Whether the request's idle timeout ends when the head arrives: a stream's body has its
        /// consumer's limits, and a consumer that reads slowly is not a silent server.
        var timeoutEndsWithHead: Bool { get }
        /// Takes `bytes` of the body; `true` when the connection should stop reading until the
        /// ``whenDrained(_:)`` action runs.
        func enqueue(_ bytes: Data) -> Bool
        /// Calls `action` each time reading may go on after ``enqueue(_:)`` said to stop.
        func whenDrained(_ action: @escaping @Sendable () -> Void)
        /// Calls `action` with the `errno` of a write that failed, if the sink writes.
        func whenFailed(_ action: @escaping @Sendable (Int32) -> Void)
    }

    extension DownloadSink: BodySink {
        /// A download needs only the body.
        func headArrived(_ head: HTTPResponseHead) {}
        /// The request's idle timeout applies to the whole download.
        var timeoutEndsWithHead: Bool { false }
    }
#endif
