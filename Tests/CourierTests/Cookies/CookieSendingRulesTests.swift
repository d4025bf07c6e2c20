import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// RFC 6265bis §5.8.3: which kept cookies a request gets, in which order, as a table of cases.
@Suite("Cookies: the sending rules")
struct CookieSendingRulesTests {
    private static let now = Date(timeIntervalSince1970: 1_700_000_000)

    private static func cookie(
        _ name: String, domain: String, path: String = "/", secure: Bool = false, expires: Date? = nil,
        value: String = "1"
    ) -> HTTPCookie? {
        var properties: [HTTPCookiePropertyKey: Any] = [.name: name, .value: value, .domain: domain, .path: path]
        if secure { properties[.secure] = "TRUE" }
        if let expires { properties[.expires] = expires }
        return HTTPCookie(properties: properties)
    }

    /// A storage's worth of cookies, each named for what it is.
    private static let kept: [HTTPCookie] = [
        cookie("hostOnly", domain: "api.example.com"),
        cookie("domain", domain: ".example.com"),
        cookie("secure", domain: ".example.com", secure: true),
        cookie("account", domain: "api.example.com", path: "/account"),
        cookie("accountSlash", domain: "api.example.com", path: "/account/"),
        cookie("expired", domain: ".example.com", expires: now.addingTimeInterval(-1)),
        cookie("later", domain: ".example.com", expires: now.addingTimeInterval(60)),
        cookie("publicSuffix", domain: ".com"),
        cookie("otherSite", domain: ".example.org"),
        cookie("ip", domain: "127.0.0.1"),
        cookie("ipSuffix", domain: ".0.0.1"),
        cookie("control", domain: ".example.com", value: "a\u{01}b"),
        cookie("semicolon", domain: ".example.com", value: "a; admin=1"),
        cookie("del", domain: ".example.com", value: "a\u{7F}"),
    ].compactMap { $0 }

    private func names(for url: String) throws -> [String] {
        CookieSendingRules.cookies(for: try #require(URL(string: url)), from: Self.kept, at: Self.now).map(\.name)
    }

    @Test(
        "what each request gets",
        arguments: [
            ("https://api.example.com/", ["hostOnly", "domain", "secure", "later"]),
            ("http://api.example.com/", ["hostOnly", "domain", "later"]),
            ("https://API.Example.com./", ["hostOnly", "domain", "secure", "later"]),
            ("https://www.example.com/", ["domain", "secure", "later"]),
            ("https://example.com/", ["domain", "secure", "later"]),
            ("https://a.b.api.example.com/", ["domain", "secure", "later"]),
            ("https://example.com.evil.test/", []),
            ("https://notexample.com/", []),
            ("https://com/", ["publicSuffix"]),
            ("https://api.example.com/account", ["account", "hostOnly", "domain", "secure", "later"]),
            (
                "https://api.example.com/account/orders",
                ["accountSlash", "account", "hostOnly", "domain", "secure", "later"]
            ),
            ("https://api.example.com/accounting", ["hostOnly", "domain", "secure", "later"]),
            ("http://127.0.0.1:8080/", ["ip"]),
            ("http://10.0.0.1/", []),
            ("file:///tmp/x", []),
        ])
    func sent(url: String, expected: [String]) throws {
        #expect(try names(for: url) == expected)
    }

    @Test("the header: name=value pairs joined by '; ', nil when none")
    func header() throws {
        let url = try #require(URL(string: "http://api.example.com/account"))
        #expect(
            CookieSendingRules.header(for: url, from: Self.kept, at: Self.now)
                == "account=1; hostOnly=1; domain=1; later=1")
        #expect(CookieSendingRules.header(for: url, from: [], at: Self.now) == nil)
    }

    @Test("a cookie expires at its instant")
    func expiresAtItsInstant() throws {
        let url = try #require(URL(string: "https://api.example.com/"))
        let cookies = [Self.cookie("a", domain: "api.example.com", expires: Self.now)].compactMap { $0 }
        #expect(CookieSendingRules.cookies(for: url, from: cookies, at: Self.now).isEmpty)
        #expect(CookieSendingRules.cookies(for: url, from: cookies, at: Self.now.addingTimeInterval(-1)).count == 1)
    }

    @Test(
        "what a stored cookie may hold to be sent",
        arguments: [
            ("a", "1", true), ("a", "", true), ("a b", "c d", true), ("a", "b\tc", true), ("", "1", false),
            ("a=b", "1", false), ("a;b", "1", false), ("a", "1;2", false), ("a\u{01}", "1", false),
            ("a", "\u{0D}\u{0A}", false), ("a", String(repeating: "x", count: 4095), true),
            ("a", String(repeating: "x", count: 4096), false),
        ])
    func sendable(name: String, value: String, isSendable: Bool) {
        #expect(CookieSyntax.isSendable(name: name, value: value) == isSendable)
    }
}
