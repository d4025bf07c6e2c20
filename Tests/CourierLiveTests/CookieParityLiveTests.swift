#if os(Linux)
    import Courier
    import CourierHTTP1
    import Foundation
    import Testing

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// Cookies through ``RoutingTransport``: both routes store and send them in one storage, the
    /// URLSession transport's, per redirect hop (httpbin's `/cookies/set` answers a `302` with
    /// `Set-Cookie` to `/cookies`, which echoes the cookies received).
    @Suite("Cookies on both routes (httpbin)", .requiresHttpbin)
    struct CookieParityLiveTests {
        /// The cookies httpbin received for a GET of `path`, sent through `transport`.
        private func cookies(
            _ path: String, query: String? = nil, through transport: any Transport, urlSessionRoute: Bool = false
        ) async throws -> [String: String] {
            var components = try #require(
                URLComponents(
                    url: try LiveServers.url(for: .httpbin).appendingPathComponent(path), resolvingAgainstBaseURL: false
                ))
            components.query = query
            var request = URLRequest(url: try #require(components.url))
            // A content coding only URLSession decodes (the native transport decodes gzip and
            // deflate): RoutingTransport sends it there.
            if urlSessionRoute { request.setValue("br", forHTTPHeaderField: "Accept-Encoding") }
            let sent = TransportRequest(urlRequest: request)
            if let routing = transport as? RoutingTransport {
                #expect(routing.route(for: sent) == (urlSessionRoute ? .urlSession : .native))
            }
            let response = try await CallChain(transport: transport).send(sent)
            #expect(response.statusCode == 200)
            let echo = try JSONSerialization.jsonObject(with: response.data) as? [String: Any]
            return echo?["cookies"] as? [String: String] ?? [:]
        }

        @Test("a cookie set by a redirect's answer is sent on the next hop and on later calls")
        func setThenRead() async throws {
            let transport = TestTransport.make()
            #expect(try await cookies("cookies/set", query: "k=v", through: transport) == ["k": "v"])
            #expect(try await cookies("cookies", through: transport) == ["k": "v"])
        }

        @Test("one route sets a cookie, the other sends it", arguments: [false, true])
        func crossRoute(setOnURLSessionRoute: Bool) async throws {
            guard HTTP1Transport.isAvailable else { return }
            let transport = RoutingTransport()
            _ = try await cookies(
                "cookies/set", query: "s=1", through: transport, urlSessionRoute: setOnURLSessionRoute)
            let read = try await cookies("cookies", through: transport, urlSessionRoute: !setOnURLSessionRoute)
            #expect(read == ["s": "1"])
        }

        @Test("sharesCookies: false leaves the native route without stored cookies")
        func sharingOff() async throws {
            guard HTTP1Transport.isAvailable else { return }
            let transport = RoutingTransport(sharesCookies: false)
            #expect(try await cookies("cookies/set", query: "k=v", through: transport).isEmpty)
            #expect(try await cookies("cookies", through: transport).isEmpty)
        }

        @Test("HTTP1Transport alone stores no cookie by default")
        func nativeAloneStatelessByDefault() async throws {
            guard HTTP1Transport.isAvailable else { return }
            let transport = HTTP1Transport()
            #expect(try await cookies("cookies/set", query: "k=v", through: transport).isEmpty)
            #expect(try await cookies("cookies", through: transport).isEmpty)
        }

        @Test("HTTP1Transport with a storage keeps cookies, but not for a request that asks not to")
        func nativeWithStorage() async throws {
            guard HTTP1Transport.isAvailable else { return }
            let storage = URLSessionTransport.defaultConfiguration().httpCookieStorage
            let transport = HTTP1Transport(options: .init(cookieStorage: storage))
            #expect(try await cookies("cookies/set", query: "a=1", through: transport) == ["a": "1"])
            #expect(storage?.cookies?.map(\.name) == ["a"])
            var request = URLRequest(url: try LiveServers.url(for: .httpbin).appendingPathComponent("cookies"))
            request.httpShouldHandleCookies = false
            let response = try await CallChain(transport: transport).send(TransportRequest(urlRequest: request))
            let echo = try JSONSerialization.jsonObject(with: response.data) as? [String: Any]
            let received = echo?["cookies"] as? [String: String]
            #expect(received?.isEmpty ?? true, "a cookie was sent: \(String(describing: received))")
        }
    }
#endif
