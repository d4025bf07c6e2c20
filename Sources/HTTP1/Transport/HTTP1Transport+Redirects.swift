#if os(Linux)
    import Foundation
    import CourierTransport

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// The hops of one call: redirects (by ``RedirectPolicy``, as <doc:/Courier/URLSessionTransport> follows
    /// them), cookies on each hop, the proxy check, and when a hop leaves for the fallback.
    extension HTTP1Transport {
        /// Sends `request`, following redirects; the response's timings cover every hop (see
        /// ``ExchangeTimes``), one sent through `fallback` included when it measured its own.
        func sendFollowingRedirects(_ request: TransportRequest, loop: EventLoop) async throws -> TransportResponse {
            var times = ExchangeTimes()
            try Self.refuseProxied(request.urlRequest.url)
            let cookies = options.cookieStorage
            var current = request
            var followed = 0
            while true {
                let sent = Self.addingCookies(from: cookies, to: current.urlRequest)
                let exchanged = try await exchange(sent, kind: current.kind, progress: request.progress, loop: loop)
                let end = MonotonicClock.now()
                times.add(exchanged.times, endedAt: end)
                await Self.storeCookies(of: exchanged.head, for: current.urlRequest, in: cookies)
                guard options.followsRedirects else {
                    return try Self.response(exchanged, url: current.urlRequest.url, times.timings(endedAt: end))
                }
                let decision = RedirectPolicy.next(
                    after: current, status: exchanged.head.status,
                    location: exchanged.head.values(of: "Location").first,
                    responseURL: current.urlRequest.url, redirectsFollowed: followed, limit: options.maximumRedirects)
                if case .answer = decision {
                    return try Self.response(exchanged, url: current.urlRequest.url, times.timings(endedAt: end))
                }
                if let file = exchanged.file { try? FileManager.default.removeItem(at: file) }
                guard case .follow(let next) = decision else {
                    throw URLError(
                        .httpTooManyRedirects, userInfo: Self.userInfo("Too many redirects", current.urlRequest.url))
                }
                followed += 1
                if let fallback = try handOff(of: next) {
                    var answer = try await fallback.send(next)
                    answer.timings = times.timings(handingOffTo: answer.timings, endedAt: MonotonicClock.now())
                    return answer
                }
                current = next
            }
        }

        /// The transport a redirect to `next` goes through when this one cannot send it
        /// (``canSend(_:)`` refuses it, or a proxy applies): `fallback`; `nil` when this transport
        /// sends it. Fails when it must be handed off and there is no fallback.
        func handOff(of next: TransportRequest) throws -> (any Transport)? {
            guard !Self.canSend(next) || ProxySettings.process.proxies(next.urlRequest.url) else { return nil }
            guard let fallback else {
                try Self.refuseProxied(next.urlRequest.url)
                throw URLError(
                    .unsupportedURL, userInfo: Self.userInfo("Redirect to an unsupported URL", next.urlRequest.url))
            }
            return fallback
        }

        /// Fails when the environment sends requests to `url` through a proxy: going straight to
        /// the server would bypass a proxy the machine may require (see ``ProxySettings``).
        static func refuseProxied(_ url: URL?, settings: ProxySettings = .process) throws(HTTPRequestError) {
            if settings.proxies(url) { throw .proxyNotSupported(url) }
        }

        private static func response(_ exchanged: Exchanged, url: URL?, _ timings: CallTimings) throws
            -> TransportResponse
        {
            guard let url,
                var response = TransportResponse(
                    url: url, statusCode: exchanged.head.status,
                    httpVersion: "HTTP/1.\(exchanged.head.minorVersion)", headerFields: exchanged.head.headers,
                    data: exchanged.body, downloadedFileURL: exchanged.file)
            else { throw TransportError.notHTTP }
            response.timings = timings
            return response
        }
    }
#endif
