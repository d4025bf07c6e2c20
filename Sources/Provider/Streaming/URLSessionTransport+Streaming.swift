import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// ``URLSessionTransport`` streams through a session of its own that shares its configuration:
/// its delegate hands the body over as it arrives and suspends the task while the consumer's
/// buffer is full, which on Linux, where FoundationNetworking has no `bytes(for:)`, is the only
/// way to read a body as it comes.
///
/// FoundationNetworking suspends a task asynchronously, so what libcurl has read meanwhile still
/// arrives: the buffer may run past ``StreamedBody/bufferLimit`` by that much (docs/BENCHMARKS.md
/// has the measure). Redirects are not followed for a stream.
extension URLSessionTransport: StreamingTransport {
    /// Sends `request` and returns its head as soon as it arrives; the body goes to `body`.
    public func stream(_ request: TransportRequest, into body: StreamedBody) async throws -> TransportResponse {
        let start = ContinuousClock.now
        let response = try await streams.stream(request, into: body, over: streams.session(like: session))
        var answer = TransportResponse(response: response)
        answer.timings = CallTimings(firstByte: ContinuousClock.now - start, total: nil)
        return answer
    }
}
