import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// RFC 9111 §3.1: a cache does not store `Connection`, the fields it names, the hop-by-hop fields
/// of RFC 9110 §7.6.1, nor the proxy's own authentication fields; every other field is kept.
@Suite("Cache keeps no hop-by-hop fields")
struct CacheHopByHopTests {
    typealias F = CacheFixtures

    static let hopByHop = [
        ("Connection", "A, b"), ("a", "1"), ("B", "2"), ("Keep-Alive", "timeout=5"), ("TE", "trailers"),
        ("Transfer-Encoding", "chunked"), ("Upgrade", "h2c"), ("Proxy-Connection", "keep-alive"),
        ("Proxy-Authenticate", "Basic realm=\"x\""), ("Proxy-Authentication-Info", "nextnonce=\"1\""),
        ("Proxy-Authorization", "Basic eDp5"),
    ]

    @Test func connectionAndTheFieldsItNamesAreNotStored() {
        let entry = F.entry([("Cache-Control", "max-age=60"), ("c", "3")] + Self.hopByHop)
        for (name, _) in Self.hopByHop { #expect(entry.value(name) == nil, "\(name) was stored") }
        #expect(entry.value("c") == "3" && entry.value("Cache-Control") == "max-age=60")
    }

    /// Several `Connection` lines, and options in any case, with spaces and empty list elements.
    @Test func everyConnectionLineCounts() {
        let entry = F.entry([
            ("Connection", "close"), ("connection", " ,X-One ,, "), ("x-one", "1"), ("X-Two", "2"), ("Close", "?"),
        ])
        #expect(entry.value("X-One") == nil && entry.value("Close") == nil && entry.value("X-Two") == "2")
    }

    /// A `304` brings no hop-by-hop field in either, nor one its own `Connection` names.
    @Test func a304MergesNoneIn() {
        let entry = F.entry([("Cache-Control", "max-age=60"), ("d", "old")])
        let updated = entry.updated(
            with: [
                HeaderField(name: "Connection", value: "d, e"), HeaderField(name: "d", value: "hop"),
                HeaderField(name: "e", value: "hop"), HeaderField(name: "Keep-Alive", value: "timeout=5"),
                HeaderField(name: "ETag", value: "\"2\""),
            ], requestTime: F.epoch, responseTime: F.epoch)
        #expect(updated.value("d") == "old" && updated.value("e") == nil && updated.value("Keep-Alive") == nil)
        #expect(updated.value("Connection") == nil && updated.value("ETag") == "\"2\"")
    }

    /// Through the provider: the first answer is the server's as sent; a hit has none of them.
    @Test func aHitCarriesNone() async throws {
        let origin = CachePipelineTests.Origin()
        origin.set { $0.headers = ["Cache-Control": "max-age=60", "Connection": "X-Hop", "X-Hop": "1", "X-End": "2"] }
        let provider = CachePipelineTests.provider(origin)
        let first = try await provider.request(CoreTestTarget())
        let hit = try await provider.request(CoreTestTarget())
        #expect(first.value(forHTTPHeaderField: "X-Hop") == "1")
        #expect(hit.cacheOrigin?.kind == .hit && hit.value(forHTTPHeaderField: "X-Hop") == nil)
        #expect(hit.value(forHTTPHeaderField: "Connection") == nil && hit.value(forHTTPHeaderField: "X-End") == "2")
    }
}
