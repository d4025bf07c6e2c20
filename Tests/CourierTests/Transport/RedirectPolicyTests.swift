import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What counts as one origin (the redirect rules themselves: RedirectDecisionTests).
@Suite("RedirectPolicy")
struct RedirectPolicyTests {
    @Test(
        "origins: scheme, host and port (default ports included)",
        arguments: [
            ("http://a.example.com/x", "http://a.example.com/y", true),
            ("http://a.example.com/x", "http://a.example.com:80/y", true),
            ("https://a.example.com/x", "https://A.EXAMPLE.com:443/y", true),
            ("http://a.example.com/x", "https://a.example.com/x", false),
            ("http://a.example.com/x", "http://b.example.com/x", false),
            ("http://127.0.0.1:8080/x", "http://localhost:8080/x", false),
            ("http://127.0.0.1:8080/x", "http://127.0.0.1:8081/x", false),
            // One spelling of a host (HostName): a trailing dot and case are the same origin.
            ("https://api.example.com./x", "https://api.example.com/y", true),
            ("https://API.Example.COM/x", "https://api.example.com.:443/y", true),
            ("https://api.example.com../x", "https://api.example.com/y", false),
        ])
    func sameOrigin(lhs: String, rhs: String, same: Bool) {
        #expect(RedirectPolicy.sameOrigin(URL(string: lhs), URL(string: rhs)) == same)
    }
}

@Suite("URLSessionTransport configuration")
struct URLSessionTransportConfigurationTests {
    @Test("the default configuration has no URL cache, no shared cookie storage and ignores local data")
    func defaultConfiguration() {
        let configuration = URLSessionTransport.defaultConfiguration()
        #expect(configuration.urlCache == nil)
        #expect(configuration.httpCookieStorage !== HTTPCookieStorage.shared)
        #expect(configuration.requestCachePolicy == .reloadIgnoringLocalCacheData)
    }

    @Test("a transport uses the default configuration unless given another")
    func transportConfiguration() {
        #expect(URLSessionTransport().session.configuration.urlCache == nil)
        let custom = URLSessionTransport.defaultConfiguration()
        custom.timeoutIntervalForRequest = 7
        #expect(URLSessionTransport(configuration: custom).session.configuration.timeoutIntervalForRequest == 7)
    }

    @Test("a provider's default transport is a RoutingTransport: native on Linux, URLSession elsewhere")
    func providerDefault() throws {
        let routing = try #require(Provider<CoreTestTarget>().transport as? RoutingTransport)
        let request = TransportRequest(
            urlRequest: URLRequest(url: URL(fileURLWithPath: "/").appendingPathComponent("x")))
        #expect(routing.route(for: request) == .urlSession, "a file: URL is URLSession's on every platform")
        #if os(Linux)
            let web = try #require(URL(string: "http://api.example.com/items"))
            #expect(routing.route(for: TransportRequest(urlRequest: URLRequest(url: web))) == .native)
        #endif
    }
}
