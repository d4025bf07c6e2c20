import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A ``StubTransport`` streams what its stubs answer: a ``StubAnswer/stream(_:status:headers:)``
/// part by part, any other answer as one piece.
extension StubTransport: StreamingTransport {
    /// Records `request` and streams the answer of the newest matching stub, or the fallback's.
    public func stream(_ request: TransportRequest, into body: StreamedBody) async throws -> TransportResponse {
        switch try answer(for: request) {
        case .stub(let answer):
            return try await answer.stream(request, into: body)
        case .fallback(let fallback):
            return try await ContentDecodingLink.stream(
                request, overAny: fallback, into: body, rule: Self.decodingRule(of: fallback, for: request))
        }
    }
}
