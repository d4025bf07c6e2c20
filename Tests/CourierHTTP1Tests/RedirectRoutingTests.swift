#if os(Linux)
    import Foundation
    import Testing

    @testable import Courier
    @testable import CourierHTTP1

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// A redirect is routed as a first request is: `RoutingTransport.route(for:)` decides for
    /// every hop the provider's chain sends, so a hop the native transport cannot send (one
    /// through a proxy, say) goes to URLSession even when the first one did not.
    @Suite("Routing: each redirect hop is routed like a first request", .enabled(if: HTTP1Transport.isAvailable))
    struct RedirectRoutingTests {
        private typealias Server = NativeTestServer

        /// `127.0.0.1` is reached directly, `localhost` through a proxy: by these settings (not the
        /// process's), a hop to `localhost` must leave the native transport for URLSession.
        private static let proxyingLocalhost = ProxySettings(environment: [
            "http_proxy": "http://127.0.0.1:9", "no_proxy": "127.0.0.1",
        ])

        @Test("a redirect to a proxied host goes through URLSession, as a first request to it would")
        func aRedirectToAProxiedHostIsRouted() async throws {
            let server = try Server { request in
                request.target == "/from"
                    ? .send(Server.response(status: 302, headers: ["Location": "/landing"]))
                    : .send(Server.response(body: "landed"))
            }
            defer { server.stop() }
            let port = try #require(server.url.port)
            let landing = try #require(URL(string: "http://localhost:\(port)/landing"))
            let routing = RoutingTransport(
                nativeOptions: HTTP1Transport.Options(), urlSession: URLSessionTransport(), sharesCookies: true,
                proxy: Self.proxyingLocalhost)
            #expect(routing.route(for: TransportRequest(urlRequest: URLRequest(url: landing))) == .urlSession)

            let redirecting = try Server { _ in
                .send(Server.response(status: 302, headers: ["Location": landing.absoluteString]))
            }
            defer { redirecting.stop() }
            let answer = try await CallChain(transport: routing).send(redirecting.get("/from"))
            #expect(String(decoding: answer.data, as: UTF8.self) == "landed")
            #expect(redirecting.requests.first?.headers["user-agent"] == "Courier", "the first hop was native")
            let landed = try #require(server.requests.first)
            #expect(landed.headers["user-agent"] != "Courier", "the redirect bypassed the routing decision")
        }
    }
#endif
