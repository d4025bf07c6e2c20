import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// RFC 6265bis §5.7: what one field of an answer from a URL does, as a table of cases.
@Suite("Cookies: the storing rules")
struct CookieStoringRulesTests {
    private static let now = Date(timeIntervalSince1970: 1_700_000_000)

    private func change(
        _ field: String, from url: String, stored: [HTTPCookie] = []
    ) throws(CookieRefusal) -> CookieStoringRules.Change {
        try CookieStoringRules.change(
            for: field, from: URL(string: url) ?? URL(fileURLWithPath: "/"), at: Self.now, stored: stored)
    }

    /// The cookie `field` from `url` stores; fails the test when it stores none.
    private func stored(_ field: String, from url: String) throws -> JarCookie {
        guard case .store(let cookie) = try change(field, from: url) else {
            Issue.record("\(field) from \(url) stores nothing")
            throw CookieRefusal.noName
        }
        return cookie
    }

    @Test(
        "domain and host-only flag",
        arguments: [
            ("a=1", "https://api.example.com/", "api.example.com", true),
            ("a=1; Domain=example.com", "https://api.example.com/", "example.com", false),
            ("a=1; Domain=.EXAMPLE.com.", "https://api.example.com/", "example.com", false),
            ("a=1; Domain=api.example.com", "https://api.example.com/", "api.example.com", false),
            ("a=1; Domain=example.co.uk", "https://www.example.co.uk/", "example.co.uk", false),
            ("a=1; Domain=city.kawasaki.jp", "https://www.city.kawasaki.jp/", "city.kawasaki.jp", false),
            // A public suffix that is the host itself: host-only.
            ("a=1; Domain=github.io", "https://github.io/", "github.io", true),
            ("a=1; Domain=localhost", "http://localhost:8080/", "localhost", true),
            ("a=1; Domain=127.0.0.1", "http://127.0.0.1/", "127.0.0.1", true),
            ("a=1; Domain=.", "https://api.example.com/", "api.example.com", true),
            ("a=1", "https://API.Example.COM./", "api.example.com", true),
            ("a=1", "http://[::1]:8080/", "::1", true),
        ])
    func domains(field: String, url: String, domain: String, isHostOnly: Bool) throws {
        let cookie = try stored(field, from: url)
        #expect(cookie.domain == domain)
        #expect(cookie.isHostOnly == isHostOnly)
    }

    @Test(
        "refusals",
        arguments: [
            ("a=1; Domain=test", "https://a.test/", CookieRefusal.publicSuffixDomain),
            ("a=1; Domain=co.uk", "https://example.co.uk/", .publicSuffixDomain),
            ("a=1; Domain=github.io", "https://evil.github.io/", .publicSuffixDomain),
            ("a=1; Domain=b.kawasaki.jp", "https://a.b.kawasaki.jp/", .publicSuffixDomain),
            ("a=1; Domain=xn--55qx5d.cn", "https://a.xn--55qx5d.cn/", .publicSuffixDomain),
            ("a=1; Domain=bank.example", "https://evil.example/", .domainMismatch),
            ("a=1; Domain=sub.api.example.com", "https://api.example.com/", .domainMismatch),
            ("a=1; Domain=ample.com", "https://example.com/", .domainMismatch),
            ("a=1; Domain=.0.0.1", "http://127.0.0.1/", .domainOnIPAddress),
            ("a=1; Domain=0.1", "http://127.0.0.1/", .domainOnIPAddress),
            ("a=1; Domain=1", "http://[::1]/", .domainOnIPAddress),
            ("a=1; Domain=0x1", "http://127.0x1/", .domainOnIPAddress),
            ("a=1; Domain=exämple.com", "https://a.example.com/", .nonASCIIDomain),
            ("a=1; Secure", "http://api.example.com/", .secureFromPlainHTTP),
            ("__Secure-a=1", "https://api.example.com/", .prefixRequirements),
            ("__secure-a=1; Path=/", "https://api.example.com/", .prefixRequirements),
            ("__Host-a=1; Secure", "https://api.example.com/", .prefixRequirements),
            ("__Host-a=1; Secure; Path=/x", "https://api.example.com/", .prefixRequirements),
            ("__Host-a=1; Secure; Path=/; Domain=api.example.com", "https://api.example.com/", .prefixRequirements),
            ("__HOST-a=1; Path=/", "https://api.example.com/", .prefixRequirements),
            ("a=\u{01}", "https://api.example.com/", .controlCharacter),
            ("=1", "https://api.example.com/", .noName),
            ("a=1", "file:///tmp/x", .noHost),
        ])
    func refusals(field: String, url: String, reason: CookieRefusal) {
        #expect(throws: reason) { try change(field, from: url) }
    }

    @Test("the prefixes accepted when their requirements hold")
    func prefixesAccepted() throws {
        #expect(try stored("__Secure-a=1; Secure; Domain=example.com", from: "https://api.example.com/").isSecure)
        #expect(try stored("__Host-a=1; Secure; Path=/", from: "https://api.example.com/").isHostOnly)
    }

    @Test(
        "the default path: up to the request's last slash",
        arguments: [
            ("https://x.example", "/"), ("https://x.example/", "/"), ("https://x.example/login", "/"),
            ("https://x.example/account/login", "/account"), ("https://x.example/a/b/", "/a/b"),
            ("https://x.example/account/login?next=/x/y", "/account"),
        ])
    func defaultPath(url: String, path: String) throws {
        #expect(try stored("a=1", from: url).path == path)
        #expect(try stored("a=1; Path=relative", from: url).path == path)
        #expect(try stored("a=1; Path=/set", from: url).path == "/set")
    }

    @Test("expiry: Max-Age wins over Expires, both capped at 400 days, none for a session cookie")
    func expiry() throws {
        let url = "https://x.example/"
        #expect(try stored("a=1", from: url).expiry == nil)
        #expect(try stored("a=1; Max-Age=60", from: url).expiry == Self.now.addingTimeInterval(60))
        #expect(
            try stored("a=1; Expires=Wed, 09 Jun 2100 10:18:14 GMT; Max-Age=60", from: url).expiry
                == Self.now.addingTimeInterval(60))
        #expect(
            try stored("a=1; Expires=Tue, 21 Nov 2023 00:00:00 GMT", from: url).expiry
                == Date(timeIntervalSince1970: 1_700_524_800))
        let cap = Self.now.addingTimeInterval(CookieStoringRules.maximumLifetime)
        #expect(try stored("a=1; Max-Age=999999999", from: url).expiry == cap)
        #expect(try stored("a=1; Expires=Wed, 09 Jun 2100 10:18:14 GMT", from: url).expiry == cap)
    }

    @Test(
        "Max-Age 0 or less, or an Expires in the past, deletes the cookie of that identity",
        arguments: [
            "sid=; Max-Age=0", "sid=x; Max-Age=-1", "sid=; Expires=Thu, 01 Jan 1970 00:00:00 GMT",
            "sid=; Max-Age=0; Expires=Wed, 09 Jun 2100 10:18:14 GMT",
        ])
    func deletions(field: String) throws {
        guard case .delete(let cookie) = try change(field + "; Path=/", from: "https://x.example/logout") else {
            Issue.record("\(field) does not delete")
            return
        }
        #expect(cookie.name == "sid" && cookie.domain == "x.example" && cookie.isHostOnly && cookie.path == "/")
    }

    @Test("a cookie without Secure from plain HTTP leaves a Secure one of that name alone")
    func leaveSecureCookiesAlone() throws {
        let secure = try #require(
            HTTPCookie(properties: [.name: "sid", .value: "1", .domain: ".example.com", .path: "/", .secure: "TRUE"]))
        #expect(throws: CookieRefusal.shadowsSecureCookie) {
            try change("sid=evil; Path=/account", from: "http://api.example.com/", stored: [secure])
        }
        #expect(throws: CookieRefusal.shadowsSecureCookie) {
            try change("sid=evil; Domain=example.com; Path=/", from: "http://www.example.com/", stored: [secure])
        }
        // Another name, another path above it, or over https: allowed.
        _ = try change("other=1; Path=/", from: "http://api.example.com/", stored: [secure])
        _ = try change("sid=1; Path=/", from: "https://api.example.com/", stored: [secure])
        let narrow = try #require(
            HTTPCookie(properties: [.name: "sid", .value: "1", .domain: "example.com", .path: "/a", .secure: "TRUE"]))
        _ = try change("sid=1; Path=/", from: "http://example.com/", stored: [narrow])
    }
}
