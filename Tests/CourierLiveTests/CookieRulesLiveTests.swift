import Courier
import Foundation
import Testing

#if os(Linux)
    import CourierHTTP1
#endif

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The chain's cookie rules (RFC 6265bis) through every transport, against the scenario server's
/// cookie routes (scripts/scenario_cookies.py): what an answer sets is stored by the rules, and a
/// request gets what they allow, whichever transport sends the hop (issue 45: on Linux,
/// Foundation's storage ignored `Secure` and `Path`, kept control characters and took a domain on
/// an IP address). Each test runs over plain HTTP in the first pass and over HTTPS in the native
/// HTTPS pass of `scripts/test` (the scenario server behind its TLS front), and expects what the
/// scheme allows.
@Suite("Cookie rules live, through every transport", .requiresScenarioServer)
struct CookieRulesLiveTests {
    /// The transports a hop can take.
    enum Route: String, CaseIterable, Sendable, CustomStringConvertible {
        case urlSession, native, routing
        var description: String { rawValue }

        /// The routes this platform has: the native transport is Linux's alone.
        static var available: [Route] {
            #if os(Linux)
                allCases
            #else
                [.urlSession, .routing]
            #endif
        }
    }

    /// A transport of `route` whose cookies live in a storage of its own, and that storage.
    private struct Client {
        let transport: any Transport
        let storage: HTTPCookieStorage
        let base: URL

        init(_ route: Route) throws {
            let configuration = URLSessionTransport.defaultConfiguration()
            storage = try #require(configuration.httpCookieStorage)
            let urlSession = URLSessionTransport(configuration: configuration)
            base = try LiveServers.url(for: .scenario)
            switch route {
            case .urlSession:
                transport = urlSession
            case .native:
                #if os(Linux)
                    var options = HTTP1Transport.Options.live
                    options.cookieStorage = storage
                    transport = HTTP1Transport(options: options)
                #else
                    transport = urlSession
                #endif
            case .routing:
                #if os(Linux)
                    transport = RoutingTransport(nativeOptions: .live, urlSession: urlSession)
                #else
                    transport = RoutingTransport(urlSession: urlSession)
                #endif
            }
        }

        var isSecure: Bool { base.scheme == "https" }
        var host: String { base.host ?? "" }

        /// The answer to a GET of `path` (with `query` items), through the whole chain.
        func get(_ path: String, _ query: [URLQueryItem] = []) async throws -> TransportResponse {
            var components = try #require(URLComponents(url: base, resolvingAgainstBaseURL: false))
            components.path = path
            components.queryItems = query.isEmpty ? nil : query
            // `+` and `;` mean something to a query parser: written encoded, as the server reads them.
            components.percentEncodedQuery = components.percentEncodedQuery?
                .replacingOccurrences(of: "+", with: "%2B").replacingOccurrences(of: ";", with: "%3B")
            let answer = try await CallChain(transport: transport).send(
                TransportRequest(urlRequest: URLRequest(url: try #require(components.url))))
            #expect(answer.statusCode == 200, "\(path): \(String(decoding: answer.data, as: UTF8.self))")
            return answer
        }

        /// Asks the scenario server to set `values`, one `Set-Cookie` field each.
        func set(_ values: String...) async throws {
            try await set(values)
        }

        /// Asks the scenario server to set `values`, one `Set-Cookie` field each.
        func set(_ values: [String]) async throws {
            _ = try await get("/cookies/set", values.map { URLQueryItem(name: "c", value: $0) })
        }

        /// The `Cookie` field the scenario server received on a GET of `path` (ending in `/echo`).
        func echoed(_ path: String) async throws -> String? {
            let answer = try await get(path)
            let echo = try JSONSerialization.jsonObject(with: answer.data) as? [String: Any]
            return echo?["cookie"] as? String
        }

        /// Puts a cookie into the storage as an app does itself (or as an earlier https answer
        /// did): `secure`, for `domain`, on `path`.
        func put(_ name: String, _ value: String, domain: String, path: String = "/", secure: Bool = false) {
            var properties: [HTTPCookiePropertyKey: Any] = [.name: name, .value: value, .domain: domain, .path: path]
            if secure { properties[.secure] = "TRUE" }
            if let cookie = HTTPCookie(properties: properties) { storage.setCookie(cookie) }
        }

        var names: [String] { (storage.cookies ?? []).map(\.name).sorted() }
    }

    @Test("a Secure cookie goes to an https:// hop of its host, never to an http:// one", arguments: Route.available)
    func secureCookieNotSentInClear(route: Route) async throws {
        let client = try Client(route)
        client.put("s", "1", domain: client.host, path: "/cookies", secure: true)
        client.put("p", "1", domain: client.host)
        #expect(try await client.echoed("/cookies/echo") == (client.isSecure ? "s=1; p=1" : "p=1"))
    }

    @Test(
        "a Secure cookie does not follow a redirect from another origin to an http:// hop",
        arguments: Route.available)
    func secureCookieNotSentAfterARedirect(route: Route) async throws {
        let client = try Client(route)
        // The scenario server's cross-host redirect goes to http://localhost:<its plain port>/echo:
        // another origin than the one asked (127.0.0.1, or the HTTPS front), over plain HTTP.
        client.put("s", "1", domain: "localhost", secure: true)
        client.put("p", "1", domain: "localhost")
        let answer = try await client.get("/redirect/cross-host")
        let echo = try JSONSerialization.jsonObject(with: answer.data) as? [String: Any]
        #expect(echo?["path"] as? String == "/echo")
        let headers = echo?["headers"] as? [String: String] ?? [:]
        #expect(headers.first { $0.key.lowercased() == "cookie" }?.value == "p=1")
    }

    @Test("a Secure cookie is stored from an https:// answer only", arguments: Route.available)
    func secureOnlyFromHTTPS(route: Route) async throws {
        let client = try Client(route)
        try await client.set("s=1; Secure; Path=/", "p=1; Path=/")
        #expect(client.names == (client.isSecure ? ["p", "s"] : ["p"]))
    }

    @Test("Path is respected: a cookie of /cookies/a goes to /cookies/a and below only", arguments: Route.available)
    func pathRespected(route: Route) async throws {
        let client = try Client(route)
        try await client.set("a=1; Path=/cookies/a")
        #expect(try await client.echoed("/cookies/a/echo") == "a=1")
        #expect(try await client.echoed("/cookies/b/echo") == nil)
        #expect(try await client.echoed("/cookies/ab/echo") == nil)
    }

    @Test(
        "a Domain other than the host is refused on an IP address; the address itself is host-only",
        arguments: Route.available)
    func domainOnAnIPAddress(route: Route) async throws {
        let client = try Client(route)
        // Over HTTPS the scenario server is localhost (its certificate's name): a name, where a
        // Domain that is not the host or one of its parents is refused alike.
        let refused = client.host.first?.isNumber == true ? [".0.0.1", "0.0.1", "1"] : ["other.\(client.host)"]
        try await client.set(["own=1; Domain=\(client.host); Path=/"] + refused.map { "bad=1; Domain=\($0); Path=/" })
        #expect(client.names == ["own"])
        #expect(client.storage.cookies?.first?.domain == client.host)
        #expect(try await client.echoed("/cookies/echo") == "own=1")
    }

    @Test("a cookie with a control character is never stored, and later calls still work", arguments: Route.available)
    func controlCharactersNeverStored(route: Route) async throws {
        let client = try Client(route)
        try await client.set("bad=a\u{01}b; Path=/", "b\u{7F}ad=1; Path=/", "ok=1; Path=/")
        #expect(client.names == ["ok"])
        #expect(try await client.echoed("/cookies/echo") == "ok=1")
    }

    @Test(
        "a stored cookie with a control character is never sent, and the call goes through", arguments: Route.available)
    func controlCharactersNeverSent(route: Route) async throws {
        let client = try Client(route)
        client.put("bad", "a\u{01}b", domain: client.host)
        client.put("del", "a\u{7F}b", domain: client.host)
        client.put("good", "1", domain: client.host)
        #expect(try await client.echoed("/cookies/echo") == "good=1")
    }

    @Test("URLSessionTransport alone keeps no cookie: its session stores none behind the chain's rules")
    func urlSessionStoresNothingItself() async throws {
        let client = try Client(.urlSession)
        var components = try #require(URLComponents(url: client.base, resolvingAgainstBaseURL: false))
        components.path = "/cookies/set"
        components.percentEncodedQuery = "c=fixation%3D1%3B%20Domain%3D.0.0.1"
        let answer = try await client.transport.send(
            TransportRequest(urlRequest: URLRequest(url: try #require(components.url))))
        #expect(answer.statusCode == 200)
        #expect(answer.response.value(forHTTPHeaderField: "Set-Cookie") != nil)
        #expect(client.names.isEmpty)
    }

    @Test("Max-Age=0 deletes the stored cookie", arguments: Route.available)
    func maxAgeZeroDeletes(route: Route) async throws {
        let client = try Client(route)
        try await client.set("sid=1; Path=/", "keep=1; Path=/")
        #expect(client.names == ["keep", "sid"])
        try await client.set("sid=; Max-Age=0; Path=/")
        #expect(client.names == ["keep"])
        #expect(try await client.echoed("/cookies/echo") == "keep=1")
    }
}
