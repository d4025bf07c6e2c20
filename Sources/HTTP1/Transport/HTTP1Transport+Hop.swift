#if os(Linux)
    import Foundation
    import CourierTransport

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// One hop: the request sent as it is, its answer returned as it came, a `3xx` included. The
    /// provider's chain follows redirects and keeps cookies (`RedirectPolicy`, and the storage of
    /// ``Options/cookieStorage``), and `RoutingTransport` picks the transport of each hop.
    extension HTTP1Transport {
        /// Sends `request` once and returns its answer, timed from when it was handed over.
        func sendHop(_ request: TransportRequest, loop: EventLoop) async throws -> TransportResponse {
            var times = ExchangeTimes()
            try Self.refuseProxied(request.urlRequest.url)
            let exchanged = try await exchange(request, loop: loop)
            let end = MonotonicClock.now()
            times.add(exchanged.times, endedAt: end)
            return try Self.response(exchanged, url: request.urlRequest.url, times.timings(endedAt: end))
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

    extension HTTP1Transport: HopSettingsTransport {
        /// ``Options/followsRedirects`` and ``Options/maximumRedirects``.
        package var redirectRules: RedirectRules {
            RedirectRules(follows: options.followsRedirects, limit: options.maximumRedirects)
        }

        /// ``Options/cookieStorage``, for every request.
        package func cookieStorage(for request: URLRequest) -> HTTPCookieStorage? {
            options.cookieStorage
        }

        /// The transport's limits, when ``Options/decodesContent`` is on and zlib can be loaded:
        /// the transport hands every body over as the server sent it.
        package func contentDecoding(for request: TransportRequest) -> ContentDecodingRule? {
            guard options.decodesContent, ContentDecoder.isAvailable else { return nil }
            return ContentDecodingRule(
                maximumResponseSize: options.maximumResponseSize, maximumDownloadSize: options.maximumDownloadSize)
        }

        /// Always: every `https://` connection is checked against the pins its request carries and
        /// the transport's own, before the request is written; a pinned request over `http://` is
        /// refused.
        package var checksPins: Bool { true }

        /// ``TLSOptions/pinnedPublicKeys`` for `host`.
        package func configuredPins(for host: String) -> Set<String>? {
            guard !options.tls.pinnedPublicKeys.isEmpty else { return nil }
            let key = HostName.canonical(host)
            let pins = options.tls.pinnedPublicKeys.filter { HostName.matchableKey($0.key) == key }.values
            return pins.isEmpty ? nil : pins.reduce(into: Set<String>()) { $0.formUnion($1) }
        }
    }
#endif
