#if os(Linux)
    import Foundation
    import Testing

    @testable import Courier
    @testable import CourierHTTP1

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// The native transport's cookies know a host by one spelling (`HostName.normalized`): a
    /// trailing dot or capitals neither hide a host's cookies nor file its new ones elsewhere.
    @Suite("Native cookies: one spelling of a host")
    struct NativeCookieHostNameTests {
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
            let sent = HTTP1Transport.addingCookies(from: storage, to: request)
            #expect(sent.value(forHTTPHeaderField: "Cookie") == "sid=one")
        }

        @Test("a cookie set by https://Example.COM./ is stored for example.com")
        func storedUnderTheNormalizedHost() async throws {
            let storage = try storage()
            let head = HTTPResponseHead(
                minorVersion: 1, status: 200, reason: "OK",
                headers: [HeaderField(name: "Set-Cookie", value: "sid=two; Path=/")])
            let request = URLRequest(url: try #require(URL(string: "https://Example.COM./login")))
            await HTTP1Transport.storeCookies(of: head, for: request, in: storage)
            let stored = storage.cookies(for: try #require(URL(string: "https://example.com/"))) ?? []
            #expect(stored.map(\.name) == ["sid"])
        }
    }
#endif
