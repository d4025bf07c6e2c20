import CourierTransport
import Foundation

/// Why a connection stopped, before `HTTP1Transport` reports it as a `URLError`.
enum ConnectionFailure: Error, Equatable {
    /// The server closed or reset the connection before any byte of the response: on a
    /// pooled connection, the server dropped it while it was idle.
    case closedBeforeResponse
    /// The connection ended in the middle of the response.
    case closedDuringResponse
    /// Nothing was sent or received for the request's timeout interval.
    case timedOut
    /// The connection could not be established; the `errno` of `connect`.
    case connectFailed(Int32)
    /// The response body could not be written to the download file; the `errno` of `write`.
    case fileWriteFailed(Int32)
    /// Something happened that the connection's state does not allow (the state and the event,
    /// named): the connection is out of step and was closed rather than trusted.
    case outOfStep(state: String, event: String)
}

/// A response received whole.
struct ReceivedResponse: Sendable {
    /// The status line and headers.
    var head: HTTPResponseHead
    /// The body, unless it went to a file.
    var body: Data
    /// Whether the connection may carry another request.
    var reusable: Bool
    /// When the first byte of the response arrived, on the loop's ``LoopClock``; set by the
    /// request machine from the time its first read came with.
    var firstByteAt: UInt64? = nil
}
