import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where credentials may go when a redirect is followed, and how 307/308 keep their body.
@Suite("RedirectPolicy")
struct RedirectPolicyTests {
    private static let headers = [
        "Authorization": "Bearer t", "Cookie": "s=1", "X-API-Key": "k", "Accept": "application/json",
        "Content-Type": "application/json",
    ]

    private func request(_ url: String, method: String = "POST", body: String? = #"{"a":1}"#) -> URLRequest {
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = method
        request.httpBody = body.map { Data($0.utf8) }
        request.allHTTPHeaderFields = Self.headers
        return request
    }

    private func response(_ status: Int, from url: String, location: String?) -> HTTPURLResponse {
        .make(url: URL(string: url)!, status: status, headers: location.map { ["Location": $0] } ?? [:])
    }

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
        ])
    func sameOrigin(lhs: String, rhs: String, same: Bool) {
        #expect(RedirectPolicy.sameOrigin(URL(string: lhs), URL(string: rhs)) == same)
    }

    @Test("a cross-origin 302 keeps only headers that carry no credential", arguments: [301, 302, 303])
    func crossOriginStrips(status: Int) throws {
        let original = request("http://127.0.0.1:8080/start")
        var proposed = URLRequest(url: URL(string: "http://localhost:8080/next")!)
        proposed.allHTTPHeaderFields = Self.headers
        let redirected = try #require(RedirectPolicy.redirect(original, to: proposed, status: status))
        #expect(redirected.allHTTPHeaderFields == ["Accept": "application/json", "Content-Type": "application/json"])
    }

    @Test("a same-origin 302 keeps every header")
    func sameOriginKeeps() throws {
        let original = request("http://127.0.0.1:8080/start")
        var proposed = URLRequest(url: URL(string: "http://127.0.0.1:8080/next")!)
        proposed.allHTTPHeaderFields = Self.headers
        let redirected = try #require(RedirectPolicy.redirect(original, to: proposed, status: 302))
        #expect(redirected.allHTTPHeaderFields == Self.headers)
    }

    @Test("307 and 308 are left to the transport, which resends the body", arguments: [307, 308])
    func bodyRedirectsLeftToTheTransport(status: Int) {
        let original = request("http://127.0.0.1:8080/start")
        #expect(RedirectPolicy.redirect(original, to: original, status: status) == nil)
    }

    @Test("followUp of a 307/308: same method, body and headers at the new URL", arguments: [307, 308])
    func followUpSameOrigin(status: Int) throws {
        let original = request("http://127.0.0.1:8080/api/start?x=1")
        let next = try #require(
            RedirectPolicy.followUp(
                original, after: response(status, from: "http://127.0.0.1:8080/api/start?x=1", location: "next?y=2")))
        #expect(next.url?.absoluteString == "http://127.0.0.1:8080/api/next?y=2")
        #expect(next.httpMethod == "POST")
        #expect(next.httpBody == Data(#"{"a":1}"#.utf8))
        #expect(next.allHTTPHeaderFields == Self.headers)
    }

    @Test("followUp across origins drops credentials but keeps the body")
    func followUpCrossOrigin() throws {
        let original = request("http://127.0.0.1:8080/start")
        let next = try #require(
            RedirectPolicy.followUp(
                original, after: response(307, from: "http://127.0.0.1:8080/start", location: "http://localhost:9/x")))
        #expect(next.url?.absoluteString == "http://localhost:9/x")
        #expect(next.httpBody == Data(#"{"a":1}"#.utf8))
        #expect(next.value(forHTTPHeaderField: "Authorization") == nil)
        #expect(next.value(forHTTPHeaderField: "Cookie") == nil)
        #expect(next.value(forHTTPHeaderField: "X-API-Key") == nil)
        #expect(next.value(forHTTPHeaderField: "Content-Type") == "application/json")
    }

    @Test(
        "followUp is nil for other statuses, a missing Location, or a non-HTTP Location",
        arguments: [
            (302, "/next" as String?), (200, "/next"), (307, nil), (307, "ftp://example.com/file"),
            (308, "file:///etc/passwd"),
        ])
    func noFollowUp(status: Int, location: String?) {
        let original = request("http://127.0.0.1:8080/start")
        #expect(
            RedirectPolicy.followUp(
                original, after: response(status, from: "http://127.0.0.1:8080/start", location: location))
                == nil)
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

    @Test("a provider's default transport is a URLSessionTransport")
    func providerDefault() {
        #expect(Provider<CoreTestTarget>().transport is URLSessionTransport)
    }
}
