import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// ``URLSessionTransport`` streams through a session of its own that shares its configuration:
/// its delegate hands the body over as it arrives (on Linux, where FoundationNetworking has no
/// `bytes(for:)`, the only way to read a body as it comes) and, on Apple platforms, suspends the
/// task while the consumer's buffer is full.
///
/// A `gzip` or `deflate` body arrives decoded: URLSession (FoundationNetworking's libcurl on
/// Linux) decodes it by itself, as for a data call, so nothing here decodes. Until the head, the
/// request's `timeoutInterval` is the longest silence, as for a data call.
///
/// On Linux it cannot hold the network back: FoundationNetworking restarts a transfer that was
/// suspended part way when it is resumed, so the body would arrive twice. The buffer then grows
/// by what the network delivers faster than the consumer reads (docs/BENCHMARKS.md has the
/// measure); `HTTP1Transport` (through `RoutingTransport`) keeps a stream within its buffer.
///
/// Redirects are followed as for a data call: one task per hop, by `RedirectPolicy` (unless
/// ``Options/followsRedirects`` is off, when the `3xx` is the stream's response); a redirect's own
/// body never reaches the consumer.
extension URLSessionTransport: StreamingTransport {
    /// Sends `request` and returns the head of its final response as soon as it arrives; the body
    /// goes to `body`.
    public func stream(_ request: TransportRequest, into body: StreamedBody) async throws -> TransportResponse {
        let start = ContinuousClock.now
        let streaming = streams.session(like: session)
        var redirects = StreamRedirects(request, follows: options.followsRedirects)
        while true {
            let hop = try await streams.stream(redirects.request, redirects: redirects, into: body, over: streaming)
            switch hop.decision {
            case .answer:
                var answer = TransportResponse(response: hop.response)
                answer.timings = CallTimings(firstByte: ContinuousClock.now - start, total: nil)
                return answer
            case .tooMany:
                throw redirects.tooManyRedirects()
            case .follow(let next):
                redirects.advance(to: next)
            }
        }
    }
}
