import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Issue 45's cookie findings (2, 6, 7, 10), each through the chain's cookie link as a hop uses
/// it: what an answer sets is stored by RFC 6265bis §5.7, what a request gets by §5.8.3, whatever
/// the storage (Foundation's own `cookies(for:)` ignored `Secure` and `Path` on Linux, and its
/// parser took a whole top-level domain, a domain on an IP address and control characters).
@Suite("Cookies: the findings of issue 45, through the chain's cookie link")
struct CookieFindingsTests {
    @Test("a Secure cookie never goes to an http:// hop of its host")
    func secureNotSentInClear() async {
        let jar = CookieJarProbe()
        await jar.set("sid=1; Secure; Path=/", "theme=dark; Path=/", from: "https://bank.example/login")
        #expect(jar.sent(to: "https://bank.example/account") == "sid=1; theme=dark")
        #expect(jar.sent(to: "http://bank.example/account") == "theme=dark")
    }

    @Test("a Secure cookie stays Secure when a persistent storage reloads it without its flag")
    func secureSurvivesAReload() async throws {
        let jar = CookieJarProbe()
        await jar.set("sid=1; Secure; Path=/; Max-Age=3600", from: "https://bank.example/login")
        let stored = try #require(jar.storage.cookies?.first)
        // What FoundationNetworking's persistent storage reads back: the flag lost, the rest kept.
        var properties = try #require(stored.properties)
        properties[.secure] = nil
        jar.storage.deleteCookie(stored)
        jar.put(properties)
        #expect(jar.storage.cookies?.first?.isSecure == false)
        #expect(jar.sent(to: "http://bank.example/") == nil)
        #expect(jar.sent(to: "https://bank.example/") == "sid=1")
    }

    @Test("a Secure cookie is not taken from an http:// answer")
    func secureNotFromPlainHTTP() async {
        let jar = CookieJarProbe()
        await jar.set("sid=1; Secure; Path=/", "plain=1; Path=/", from: "http://bank.example/login")
        #expect(jar.names == ["plain"])
        #expect(jar.sent(to: "https://bank.example/") == "plain=1")
    }

    @Test("Path is respected: a cookie of /account goes to /account and below, nowhere else")
    func pathRespected() async {
        let jar = CookieJarProbe()
        await jar.set("a=1; Path=/account", from: "https://shop.example/account/login")
        #expect(jar.sent(to: "https://shop.example/account") == "a=1")
        #expect(jar.sent(to: "https://shop.example/account/orders") == "a=1")
        #expect(jar.sent(to: "https://shop.example/accounting") == nil)
        #expect(jar.sent(to: "https://shop.example/") == nil)
    }

    @Test(
        "a Domain that is a public suffix is refused, so one site cannot plant cookies for its neighbours",
        arguments: [
            ("https://a.test/", "test", "https://b.test/"),
            ("https://evil.co.uk/", "co.uk", "https://bank.co.uk/"),
            ("https://evil.example.com/", "com", "https://bank.com/"),
            ("https://evil.github.io/", "github.io", "https://bank.github.io/"),
            ("https://evil.example/", ".example", "https://bank.example/"),
        ])
    func publicSuffixDomainRefused(origin: String, domain: String, victim: String) async {
        let jar = CookieJarProbe()
        await jar.set("fixation=1; Domain=\(domain); Path=/", from: origin)
        #expect(jar.names.isEmpty)
        #expect(jar.sent(to: victim) == nil)
    }

    @Test(
        "a Domain on an IP address host is refused, unless it is the address itself (then host-only)",
        arguments: [
            ("http://127.0.0.1/", ".0.0.1"), ("http://127.0.0.1/", "0.0.1"), ("http://127.0.0.1/", "1"),
            ("http://10.1.2.3/", "2.3"), ("http://[::1]/", ".1"), ("http://[::1]/", ":1"),
        ])
    func domainOnAnIPAddressRefused(origin: String, domain: String) async {
        let jar = CookieJarProbe()
        await jar.set("ip=1; Domain=\(domain); Path=/", from: origin)
        #expect(jar.names.isEmpty)
    }

    @Test("Domain=127.0.0.1 from 127.0.0.1 is a host-only cookie of that address")
    func theAddressItself() async {
        let jar = CookieJarProbe()
        await jar.set("ip=1; Domain=127.0.0.1; Path=/", from: "http://127.0.0.1/")
        #expect(jar.sent(to: "http://127.0.0.1/x") == "ip=1")
        #expect(jar.storage.cookies?.first?.domain == "127.0.0.1")
    }

    @Test(
        "a name or value with a control character is never stored",
        arguments: ["bad=a\u{01}b", "bad=a\u{7F}b", "b\u{01}ad=1", "bad=a\u{1F}b; Path=/", "bad=1; Path=/\u{01}"])
    func controlCharactersNeverStored(setCookie: String) async {
        let jar = CookieJarProbe()
        await jar.set(setCookie, "good=1", from: "https://api.example/")
        #expect(jar.names == ["good"])
        #expect(jar.sent(to: "https://api.example/") == "good=1")
    }

    @Test(
        "a stored cookie with a control character (the app's own) is never sent",
        arguments: ["a\u{01}b", "a\u{7F}b", "a\u{0A}b", "a; admin=1"])
    func controlCharactersNeverSent(value: String) async {
        let jar = CookieJarProbe()
        jar.put([.name: "bad", .value: value, .domain: "api.example", .path: "/"])
        jar.put([.name: "good", .value: "1", .domain: "api.example", .path: "/"])
        #expect(jar.sent(to: "https://api.example/") == "good=1")
    }

    @Test("Max-Age=0 deletes the stored cookie: a logout's deletion works")
    func maxAgeZeroDeletes() async {
        let jar = CookieJarProbe()
        await jar.set("sid=1; Path=/", "keep=1; Path=/", from: "https://api.example/login")
        await jar.set("sid=; Max-Age=0; Path=/", from: "https://api.example/logout")
        #expect(jar.names == ["keep"])
        #expect(jar.sent(to: "https://api.example/") == "keep=1")
    }

    @Test("an Expires in the past deletes the stored cookie")
    func pastExpiresDeletes() async {
        let jar = CookieJarProbe()
        await jar.set("sid=1; Path=/", from: "https://api.example/login")
        await jar.set("sid=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/", from: "https://api.example/logout")
        #expect(jar.names.isEmpty)
    }
}
