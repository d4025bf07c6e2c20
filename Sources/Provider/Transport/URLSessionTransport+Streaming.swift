import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// ``URLSessionTransport`` streams through the one session its data calls use, as the same
/// exchange: only the consumer of the body differs. The delegate hands the body over as it
/// arrives (on Linux, where FoundationNetworking has no `bytes(for:)`, the only way to read a body
/// as it comes) and, on Apple platforms, suspends the task while the consumer's buffer is full.
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
/// One hop, as a data call: a `3xx` is the stream's response (the provider's chain follows it, and
/// drops its body).
extension URLSessionTransport: StreamingTransport {
    /// Sends `request` and returns the head of its response as soon as it arrives; the body goes
    /// to `body`.
    public func stream(_ request: TransportRequest, into body: StreamedBody) async throws -> TransportResponse {
        let start = ContinuousClock.now
        try Task.checkCancellation()
        var request = request
        // Cookies are the chain's: the request carries the ones it sends in its `Cookie` header.
        request.urlRequest.httpShouldHandleCookies = false
        // Until the head, the request's timeout is the longest silence, as for a data call (a
        // watchdog keeps it); after, the body's own idle limit applies: FoundationNetworking's timer
        // would also count the time a slow consumer keeps the task suspended.
        let headTimeout = request.urlRequest.timeoutInterval
        request.urlRequest.timeoutInterval = Self.noTimeout
        let watchdog =
            headTimeout > 0 && headTimeout.isFinite ? IdleWatchdog(seconds: headTimeout, clock: options.clock) : nil
        // A stream reports no progress; what it sends only tells the watchdog the server is not silent.
        request.progress = nil
        if let watchdog { request.progress = { _ in watchdog.noteActivity() } }
        let head: URLSessionTransportDelegate.Delivery
        do {
            head = try await run(request, consumer: .stream(body), watchdog: watchdog)
        } catch {
            guard watchdog?.hasFired == true else { throw error }
            throw Self.timedOut(request.urlRequest.url)
        }
        var answer = TransportResponse(response: head.response)
        answer.timings = CallTimings(firstByte: (head.firstByteAt ?? .now) - start, total: nil)
        return answer
    }

    /// The request's timeout passed in silence before the head: `URLError(.timedOut)` naming the
    /// URL, as a data call's failure would.
    private static func timedOut(_ url: URL?) -> URLError {
        var info: [String: Any] = [NSLocalizedDescriptionKey: "The request timed out"]
        if let url { info[NSURLErrorFailingURLErrorKey] = url }
        return URLError(.timedOut, userInfo: info)
    }

    /// A week: longer than any stream's idle limit, yet a finite number for libcurl.
    private static let noTimeout: TimeInterval = 7 * 24 * 3600
}
