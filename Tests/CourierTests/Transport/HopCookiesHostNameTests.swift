import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The chain's cookies know a host by one spelling (`HostName.normalized`), whatever the transport:
/// a trailing dot or capitals neither hide a host's cookies nor file its new ones elsewhere.
@Suite("Chain cookies: one spelling of a host")
struct HopCookiesHostNameTests {
    private func storage() throws -> HTTPCookieStorage {
        try #require(URLSessionConfiguration.ephemeral.httpCookieStorage)
    }

    @Test("a cookie set by example.com is sent to https://EXAMPLE.com./")
    func sentToTheDottedSpelling() throws {
        let storage = try storage()
        let origin = try #require(URL(string: "https://example.com/"))
        let cookies = HTTPCookie.cookies(withResponseHeaderFields: ["Set-Cookie": "sid=one; Path=/"], for: origin)
        storage.setCookies(cookies, for: origin, mainDocumentURL: origin)
        let request = URLRequest(url: try #require(URL(string: "https://EXAMPLE.com./account")))
        let sent = HopCookies.adding(from: storage, to: request)
        #expect(sent.value(forHTTPHeaderField: "Cookie") == "sid=one")
    }

    @Test("a cookie set by https://Example.COM./ is stored for example.com")
    func storedUnderTheNormalizedHost() async throws {
        let storage = try storage()
        let url = try #require(URL(string: "https://Example.COM./login"))
        let head = ResponseHead(
            url: url, statusCode: 200, version: "HTTP/1.1",
            fields: [HeaderField(name: "Set-Cookie", value: "sid=two; Path=/")])
        await HopCookies.store(head, for: URLRequest(url: url), in: storage)
        let stored = storage.cookies(for: try #require(URL(string: "https://example.com/"))) ?? []
        #expect(stored.map(\.name) == ["sid"])
    }

    @Test("a request that handles no cookies gets none and stores none")
    func httpShouldHandleCookiesIsObeyed() async throws {
        let storage = try storage()
        let url = try #require(URL(string: "https://example.com/login"))
        storage.setCookies(
            HTTPCookie.cookies(withResponseHeaderFields: ["Set-Cookie": "sid=one; Path=/"], for: url), for: url,
            mainDocumentURL: url)
        var request = URLRequest(url: url)
        request.httpShouldHandleCookies = false
        #expect(HopCookies.adding(from: storage, to: request).value(forHTTPHeaderField: "Cookie") == nil)
        let head = ResponseHead(
            url: url, statusCode: 200, version: "HTTP/1.1",
            fields: [HeaderField(name: "Set-Cookie", value: "other=two; Path=/")])
        await HopCookies.store(head, for: request, in: storage)
        #expect((storage.cookies(for: url) ?? []).map(\.name) == ["sid"])
    }
}
