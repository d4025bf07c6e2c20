import Foundation
import Testing

@testable import Courier

/// One spelling of a host for every rule that compares hosts: pins, pooled connections,
/// cookies, the redirect origin check and the cache key.
@Suite("HostName")
struct HostNameTests {
    @Test(
        "lowercase, one trailing dot dropped; addresses and other hosts unchanged",
        arguments: [
            ("api.example.com", "api.example.com"),
            ("API.Example.COM", "api.example.com"),
            ("api.example.com.", "api.example.com"),
            ("API.EXAMPLE.COM.", "api.example.com"),
            // Two dots are not a spelling of the name: one goes, the other stays and fails the name check.
            ("api.example.com..", "api.example.com."),
            ("localhost.", "localhost"),
            ("127.0.0.1", "127.0.0.1"),
            ("::1", "::1"),
            ("[::1]", "[::1]"),
            ("FE80::1", "fe80::1"),
            ("xn--bcher-kva.example.", "xn--bcher-kva.example"),
            (".", "."),
            ("", ""),
            // One spelling of an IPv6 address (RFC 5952), brackets kept as they came.
            ("[0:0:0:0:0:0:0:1]", "[::1]"),
            ("0:0:0:0:0:0:0:1", "::1"),
            ("[2001:DB8:0:0:0:0:2:1]", "[2001:db8::2:1]"),
            ("2001:0db8:0000:0000:0001:0000:0000:0001", "2001:db8::1:0:0:1"),
            ("[::FFFF:127.0.0.1]", "[::ffff:127.0.0.1]"),
            ("[0:0:0:0:0:ffff:7f00:1]", "[::ffff:127.0.0.1]"),
            ("[fe80::1%25eth0]", "[fe80::1%25eth0]"),
            // Percent-escapes of name characters decoded (RFC 3986 §6.2.2.2); others left as they are.
            ("%6Cocalhost", "localhost"),
            ("%6c%6F%63%61%6C%68%6F%73%74.", "localhost"),
            ("b%C3%BCcher.example", "b%c3%bccher.example"),
            ("a%2Fb.example", "a%2fb.example"),
            ("bad%zzhost", "bad%zzhost"),
            // Not an address: left as a name.
            ("[not-an-address]", "[not-an-address]"),
        ])
    func normalized(host: String, expected: String) {
        #expect(HostName.normalized(host) == expected)
    }

    @Test(
        "keys by host: one spelling without brackets; a key no URL's host can match is refused",
        arguments: [
            ("[::1]", "::1"), ("::1", "::1"), ("[0:0:0:0:0:0:0:1]", "::1"), ("API.Example.com.", "api.example.com"),
            ("%6Cocalhost", "localhost"), ("127.0.0.1", "127.0.0.1"),
            ("api.example.com:443", nil), ("https://api.example.com", nil), ("api example.com", nil), ("", nil),
            (".", nil), ("[::1", nil), ("a..b", nil), ("*.example.com", nil),
        ] as [(String, String?)])
    func keys(key: String, expected: String?) {
        #expect(HostName.matchableKey(key) == expected)
    }

    @Test("addresses are told from names")
    func addresses() {
        #expect(HostName.isAddress("127.0.0.1"))
        #expect(HostName.isAddress("[::1]"))
        #expect(HostName.isAddress("fe80::1"))
        #expect(!HostName.isAddress("0.0.1"))
        #expect(!HostName.isAddress("256.0.0.1"))
        #expect(!HostName.isAddress("example.com"))
        #expect(!HostName.isAddress("1.2.3.4.example"))
    }

    @Test("a URL's host normalized, the rest of the URL as it was")
    func normalizedURL() throws {
        let url = try #require(URL(string: "https://User@API.Example.com.:8443/Path/a?Q=1#Frag"))
        let normalized = HostName.normalizingHost(of: url)
        #expect(normalized.absoluteString == "https://User@api.example.com:8443/Path/a?Q=1#Frag")
        let plain = try #require(URL(string: "https://api.example.com/x"))
        #expect(HostName.normalizingHost(of: plain) == plain)
        let address = try #require(URL(string: "https://[FE80::1]:8443/x"))
        #expect(HostName.normalizingHost(of: address).absoluteString == "https://[fe80::1]:8443/x")
    }

    @Test("Foundation gives a non-ASCII host in its IDNA form or percent-encoded; either is compared as it is")
    func nonASCIIHost() throws {
        let url = try #require(URL(string: "https://B\u{FC}cher.example./"))
        let host = try #require(url.host(percentEncoded: true))
        #expect(HostName.normalized(host) == HostName.normalized(host.lowercased()))
        #expect(!HostName.normalized(host).hasSuffix("."))
    }
}
