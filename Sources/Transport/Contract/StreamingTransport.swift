import CourierTargets
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A ``Transport`` that can hand a response's body over as it arrives, for the provider's
/// streaming calls (`bytes`, `lines`, `events`).
///
/// It is a protocol of its own, so a transport that does not adopt it keeps compiling; a
/// streaming call over such a transport fails with ``StreamingUnsupportedError``.
/// ``URLSessionTransport``, `HTTP1Transport`, and CourierTesting's `StubTransport`,
/// `RecordingTransport` and `ReplayTransport` adopt it.
public protocol StreamingTransport: Transport {
    /// Sends `request` and returns the response head as soon as it has arrived (with empty
    /// ``TransportResponse/data``), then writes the body into `body` as it arrives, reading from
    /// the network only while `body` has room, and finishes it.
    ///
    /// The body's life is its own: it goes on after this method returned, and ends when the
    /// server ends it, when it fails (``StreamedBody/finish(throwing:)``), or when the consumer
    /// stops (the handler of ``StreamedBody/onCancel(_:)``, which must stop the network work).
    /// Cancelling the calling task before the head arrived ends the call with `CancellationError`.
    /// No limit on the size of the body applies: the consumer's buffer bounds memory.
    func stream(_ request: TransportRequest, into body: StreamedBody) async throws -> TransportResponse
}

/// A streaming call was made over a transport that does not adopt ``StreamingTransport``.
public struct StreamingUnsupportedError: Error, Sendable, CustomStringConvertible {
    /// The type of the transport.
    public let transport: String

    package init(transport: String) {
        self.transport = transport
    }

    /// What went wrong, in a sentence fit for a log.
    public var description: String {
        "\(transport) cannot stream a response body: it does not adopt StreamingTransport."
    }
}
