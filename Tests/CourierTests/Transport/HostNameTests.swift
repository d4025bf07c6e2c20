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
        ])
    func normalized(host: String, expected: String) {
        #expect(HostName.normalized(host) == expected)
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
