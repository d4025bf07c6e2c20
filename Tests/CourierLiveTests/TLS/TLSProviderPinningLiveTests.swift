#if os(Linux)
    import Courier
    import CourierHTTP1
    import Foundation
    import Testing

    /// Pins are the provider's (``ProviderOptions/pinnedPublicKeys``), held on every hop whatever
    /// route it takes: a hop to a pinned host goes where its pins are checked (the native transport,
    /// whatever coding the target asks for), or fails before anything is sent. Before, `RoutingTransport`
    /// sent such a hop through URLSession, unpinned, for `Accept-Encoding: br`, a user in the URL, a
    /// proxy or a percent-encoded host, and a certificate from any trusted CA got the token.
    @Suite(
        "TLS pinning: the provider's pins on every route", .requiresTLSServers(.tlsValid),
        .enabled(if: HTTP1Transport.isAvailable))
    struct TLSProviderPinningLiveTests {
        /// A well-formed pin that no key of the test CA has.
        private static let wrongPin = Data(repeating: 0x5A, count: 32).base64EncodedString()

        /// A provider pinning localhost to `pins`, over `transport` (a routing transport trusting
        /// the test CA by default).
        private func provider(pinning pins: Set<String>, over transport: (any Transport)? = nil) throws
            -> Provider<TLSTarget>
        {
            var options = ProviderOptions()
            options.pinnedPublicKeys = try PublicKeyPins(["localhost": pins])
            return Provider<TLSTarget>(
                transport: try transport ?? RoutingTransport(nativeOptions: TLSLive.options()), options: options)
        }

        /// A target on the TLS server with `headers`, at `host` instead of the URL's own when given.
        private func target(headers: [String: String]? = nil, host: String? = nil, user: String? = nil) throws
            -> TLSTarget
        {
            var target = try TLSTarget(.tlsValid)
            var components = try #require(URLComponents(url: target.baseURL, resolvingAgainstBaseURL: false))
            if let host { components.percentEncodedHost = host }
            if let user { components.user = user }
            target.baseURL = try #require(components.url)
            target.headers = headers
            return target
        }

        /// The error a call ends with (`nil`, with an issue recorded, when it succeeds).
        private func failure(of target: TLSTarget, through provider: Provider<TLSTarget>) async -> (any Error)? {
            do {
                let response = try await provider.request(target)
                Issue.record("expected a failure, got HTTP \(response.statusCode)")
                return nil
            } catch CourierError.underlying(let error, _) {
                return error
            } catch {
                Issue.record("not CourierError.underlying: \(error)")
                return nil
            }
        }

        @Test("the server's pin: 200, through the routing and native transports, and through an app's wrapper of each")
        func rightPin() async throws {
            let pin = try TLSLive.environment("COURIER_TLS_VALID_PIN")
            let routing = try RoutingTransport(nativeOptions: TLSLive.options())
            let native = try HTTP1Transport(options: TLSLive.options())
            let transports: [any Transport] = [
                routing, ForwardingTransport(base: routing), native, ForwardingTransport(base: native),
            ]
            for transport in transports {
                let response = try await provider(pinning: [pin], over: transport).request(try target())
                #expect(response.statusCode == 200, "\(type(of: transport))")
            }
        }

        @Test(
            "a wrong pin fails, on the routes that used to skip it",
            arguments: ["plain", "br", "any coding", "percent-encoded host", "wrapped"])
        func wrongPinOnEveryRoute(route: String) async throws {
            let routing = try RoutingTransport(nativeOptions: TLSLive.options())
            let transport: any Transport = route == "wrapped" ? ForwardingTransport(base: routing) : routing
            let provider = try provider(pinning: [Self.wrongPin], over: transport)
            let target: TLSTarget =
                switch route {
                case "br": try target(headers: ["Accept-Encoding": "br", "Authorization": "Bearer secret"])
                case "any coding": try target(headers: ["Accept-Encoding": "*"])
                case "percent-encoded host": try target(host: "%6Cocalhost")
                default: try target(headers: ["Authorization": "Bearer secret"])
                }
            let error = await failure(of: target, through: provider)
            #expect(error as? TLSError == .publicKeyPinMismatch(host: "localhost"), "\(String(describing: error))")
        }

        @Test("where pins cannot be checked, nothing is sent: a user in the URL, a proxy, URLSession on Linux")
        func unverifiableRoutes() async throws {
            let options = try TLSLive.options()
            let pin = try TLSLive.environment("COURIER_TLS_VALID_PIN")
            let proxied = RoutingTransport(
                nativeOptions: options, urlSession: URLSessionTransport(), sharesCookies: true,
                proxy: ProxySettings(environment: ["https_proxy": "http://127.0.0.1:9"]))
            let cases: [(String, any Transport, TLSTarget)] = [
                ("user in the URL", RoutingTransport(nativeOptions: options), try target(user: "x")),
                ("https_proxy", proxied, try target()),
                ("URLSession", URLSessionTransport(), try target()),
                ("URLSession wrapped by the app", ForwardingTransport(base: URLSessionTransport()), try target()),
                ("an app's own transport", EchoTransport(), try target()),
            ]
            for (name, transport, target) in cases {
                // The right pin: only where it cannot be checked does the call fail.
                let error = await failure(of: target, through: try provider(pinning: [pin], over: transport))
                #expect(
                    error as? TransportError == .pinnedHostUnverifiable(host: "localhost"),
                    "\(name): \(String(describing: error))")
            }
        }

        @Test("plain http:// to a pinned host is refused before anything is sent")
        func plainHTTP() async throws {
            var options = ProviderOptions()
            options.pinnedPublicKeys = try PublicKeyPins(["127.0.0.1": [Self.wrongPin]])
            let provider = Provider<TLSTarget>(transport: EchoTransport(), options: options)
            var target = try TLSTarget(.tlsValid)
            target.baseURL = try #require(URL(string: "http://127.0.0.1:9"))
            let error = await failure(of: target, through: provider)
            #expect(error as? TransportError == .pinnedHostUnverifiable(host: "127.0.0.1"))
        }

        @Test("pins in the native transport's options hold on every route too")
        func transportPins() async throws {
            let options = try TLSLive.options(pins: ["localhost": [Self.wrongPin]])
            let provider = Provider<TLSTarget>(transport: RoutingTransport(nativeOptions: options))
            let coded = await failure(of: try target(headers: ["Accept-Encoding": "br"]), through: provider)
            #expect(coded as? TLSError == .publicKeyPinMismatch(host: "localhost"), "\(String(describing: coded))")
            let named = await failure(of: try target(user: "x"), through: provider)
            #expect(named as? TransportError == .pinnedHostUnverifiable(host: "localhost"))
        }
    }

    /// An app's own transport that answers every request itself: it checks no pins.
    private struct EchoTransport: Transport {
        func send(_ request: TransportRequest) async throws -> TransportResponse {
            Issue.record("a pinned request reached a transport that cannot check pins")
            let url = request.urlRequest.url ?? URL(fileURLWithPath: "/")
            guard let response = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: nil)
            else { throw URLError(.badServerResponse) }
            return TransportResponse(response: response)
        }
    }
#endif
