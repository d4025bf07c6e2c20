import CourierTargets
import Foundation

extension StreamedBody {
    /// Streams `request` over `transport` when it can stream, and otherwise sends it and hands
    /// its whole body over as one piece: how a wrapping transport (a stub's fallback, a replay)
    /// streams through one that may not.
    public static func stream(
        _ request: TransportRequest, over transport: any Transport, into body: StreamedBody
    ) async throws -> TransportResponse {
        if let streaming = transport as? any StreamingTransport {
            return try await streaming.stream(request, into: body)
        }
        return body.deliverWhole(try await transport.send(request))
    }

    /// Hands `answer`'s whole body over as one piece and ends the body; returns the head.
    package func deliverWhole(_ answer: TransportResponse) -> TransportResponse {
        var head = answer
        yield(answer.data)
        finish()
        head.data = Data()
        return head
    }
}
