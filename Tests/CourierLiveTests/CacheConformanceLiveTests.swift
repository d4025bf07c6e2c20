import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The cache's RFC 9111 rules against the scenario server, through the transport
/// `COURIER_TEST_TRANSPORT` selects (scripts/test runs the URLSession pass and the native pass):
/// strict dates, `Connection`-listed fields, `5xx` with a lifetime, ranges, unknown codings.
@Suite("Cache conformance, live")
struct CacheConformanceLiveTests {
    typealias Stats = CacheLiveTests.Stats

    static func item(_ name: String, _ query: [String: String], headers: [String: String]? = nil) throws
        -> CacheLiveTarget
    {
        CacheLiveTarget(
            baseURL: try LiveServers.url(for: .scenario), path: "/cache/item/\(name)", query: query, headers: headers)
    }

    static func stats(_ name: String) async throws -> Stats {
        try await CacheLiveTests.stats(name, base: try LiveServers.url(for: .scenario))
    }

    /// RFC 9111 §5.3: an `Expires` that is no HTTP date is in the past, however close it looks.
    @Test(
        .requiresScenarioServer,
        arguments: [
            "Thu, 18 Aug 2050 02:01:18 UTC", "Thu, 18 Aug 2050 02:01:18 AEST", "Thu, 18 Aug 50 02:01:18 GMT",
            "Thu 18 Aug 2050 02:01:18 GMT", "Thu, 18  Aug  2050 02:01:18 GMT", "Thu, 18-Aug-2050 02:01:18 GMT",
            "Thu, 18 Aug 2050 02.01.18 GMT", "Thu, 18 Aug 2050 2:01:18 GMT",
        ])
    func aMalformedExpiresIsNotFresh(expires: String) async throws {
        let name = CacheLiveTests.unique("expires")
        let provider = CacheLiveTests.provider()
        let target = try Self.item(name, ["expires": expires])
        _ = try await provider.request(target)
        #expect(try await provider.request(target).cacheOrigin == nil)
        #expect(try await Self.stats(name).full == 2)
        // Written right, the same date keeps the answer fresh.
        let good = try Self.item(name + "-ok", ["expires": "Thu, 18 Aug 2050 02:01:18 GMT"])
        _ = try await provider.request(good)
        #expect(try await provider.request(good).cacheOrigin?.kind == .hit)
    }

    @Test(.requiresScenarioServer) func fieldsNamedInConnectionAreNotServedFromTheCache() async throws {
        let name = CacheLiveTests.unique("connection")
        let provider = CacheLiveTests.provider()
        // `field` lines: the scenario route sends each as given.
        let base = try LiveServers.url(for: .scenario)
        var components = URLComponents(
            url: base.appendingPathComponent("/cache/item/\(name)"), resolvingAgainstBaseURL: false)
        components?.queryItems = [
            URLQueryItem(name: "cc", value: "max-age=60"), URLQueryItem(name: "field", value: "Connection: X-Hop"),
            URLQueryItem(name: "field", value: "X-Hop: 1"), URLQueryItem(name: "field", value: "X-End: 2"),
        ]
        let url = try #require(components?.url)
        let target = CacheLiveTarget(baseURL: url, path: "")
        _ = try await provider.request(target)
        let hit = try await provider.request(target)
        #expect(hit.cacheOrigin?.kind == .hit)
        #expect(hit.value(forHTTPHeaderField: "X-Hop") == nil && hit.value(forHTTPHeaderField: "Connection") == nil)
        #expect(hit.value(forHTTPHeaderField: "X-End") == "2")
    }

    /// A server error with a lifetime is stored and reused while fresh, an unknown status too;
    /// `must-understand` keeps the unknown one out.
    @Test(.requiresScenarioServer, arguments: [500, 502, 503, 504, 599])
    func aServerErrorWithALifetimeIsReusedWhileFresh(status: Int) async throws {
        let name = CacheLiveTests.unique("status-\(status)")
        let provider = CacheLiveTests.provider()
        let target = try Self.item(name, ["status": "\(status)", "cc": "max-age=60"])
        let first = try await provider.request(target)
        let hit = try await provider.request(target)
        #expect(first.statusCode == status && hit.statusCode == status && hit.cacheOrigin?.kind == .hit)
        let full = try await Self.stats(name).full
        #expect(hit.data == first.data && full == 1)
        let stale = try Self.item(name + "-stale", ["status": "\(status)", "cc": "max-age=0"])
        _ = try await provider.request(stale)
        #expect(try await provider.request(stale).cacheOrigin == nil)
    }

    @Test(.requiresScenarioServer) func mustUnderstandStoresOnlyAStatusTheCacheKnows() async throws {
        let provider = CacheLiveTests.provider()
        let unknown = CacheLiveTests.unique("mu-599")
        let unknownTarget = try Self.item(unknown, ["status": "599", "cc": "max-age=3600, no-store, must-understand"])
        _ = try await provider.request(unknownTarget)
        #expect(try await provider.request(unknownTarget).cacheOrigin == nil)
        let known = CacheLiveTests.unique("mu-200")
        let knownTarget = try Self.item(known, ["cc": "max-age=3600, no-store, must-understand"])
        _ = try await provider.request(knownTarget)
        #expect(try await provider.request(knownTarget).cacheOrigin?.kind == .hit)
        #expect(try await Self.stats(unknown).full == 2)
        #expect(try await Self.stats(known).full == 1)
    }

    @Test(.requiresScenarioServer) func aRangeIsCutFromTheStoredAnswer() async throws {
        let name = CacheLiveTests.unique("range")
        let provider = CacheLiveTests.provider()
        let whole = try await provider.request(try Self.item(name, ["cc": "max-age=60"]))
        let part = try await provider.request(
            try Self.item(name, ["cc": "max-age=60"], headers: ["Range": "bytes=0-4"]))
        let suffix = try await provider.request(
            try Self.item(name, ["cc": "max-age=60"], headers: ["Range": "bytes=-3"]))
        #expect(part.statusCode == 206 && part.cacheOrigin?.kind == .hit && part.data == whole.data.prefix(5))
        #expect(part.value(forHTTPHeaderField: "Content-Range") == "bytes 0-4/\(whole.data.count)")
        #expect(suffix.statusCode == 206 && suffix.data == whole.data.suffix(3))
        #expect(try await Self.stats(name).full == 1)
    }
}

extension CacheConformanceLiveTests {
    static func coded(_ name: String, _ query: [String: String]) throws -> CacheLiveTarget {
        CacheLiveTarget(baseURL: try LiveServers.url(for: .scenario), path: "/cache/coded/\(name)", query: query)
    }

    static let plainBody = Data("a body in no coding at all".utf8)

    /// Whether this run's transport is URLSession over FoundationNetworking, whose libcurl fails a
    /// body in a coding it does not know (``UnknownCodingRefusal``).
    static var libcurlRefusesUnknownCodings: Bool {
        #if canImport(FoundationNetworking)
            TestTransport.kind == .urlSession
        #else
            false
        #endif
    }

    /// libcurl's refusal, as URLSessionTransport reports it on Linux.
    static func expectLibcurlRefusal(_ target: CacheLiveTarget) async {
        let error = await #expect(throws: CourierError.self) { try await CacheLiveTests.provider().request(target) }
        guard case .underlying(let inner, _) = error else {
            Issue.record("not a transport failure: \(String(describing: error))")
            return
        }
        #expect((inner as? URLError)?.code == .cannotDecodeContentData)
    }

    /// A content coding no transport decodes comes up as it was sent, its `Content-Encoding` with
    /// it, and is stored like any answer. (FoundationNetworking's libcurl refuses it instead.)
    @Test(.requiresScenarioServer) func anUnknownContentCodingIsPassedUpUndecoded() async throws {
        let name = CacheLiveTests.unique("ce")
        let target = try Self.coded(name, ["ce": "x-courier"])
        if Self.libcurlRefusesUnknownCodings { return await Self.expectLibcurlRefusal(target) }
        let provider = CacheLiveTests.provider()
        let first = try await provider.request(target)
        let hit = try await provider.request(target)
        #expect(first.data == Self.plainBody && first.value(forHTTPHeaderField: "Content-Encoding") == "x-courier")
        #expect(hit.cacheOrigin?.kind == .hit && hit.data == Self.plainBody)
        #expect(hit.value(forHTTPHeaderField: "Content-Encoding") == "x-courier")
    }

    /// RFC 9112 §6.3: a response whose last transfer coding is not `chunked` ends when the server
    /// closes the connection; the body comes up as sent, and the cache keeps it without the
    /// hop-by-hop `Transfer-Encoding`. (FoundationNetworking's libcurl refuses it instead.)
    @Test(.requiresScenarioServer) func anUnknownTransferCodingIsReadToTheClose() async throws {
        let name = CacheLiveTests.unique("te")
        let target = try Self.coded(name, ["te": "x-courier"])
        if Self.libcurlRefusesUnknownCodings { return await Self.expectLibcurlRefusal(target) }
        let provider = CacheLiveTests.provider()
        let first = try await provider.request(target)
        let hit = try await provider.request(target)
        #expect(first.data == Self.plainBody && first.value(forHTTPHeaderField: "Transfer-Encoding") == "x-courier")
        #expect(hit.cacheOrigin?.kind == .hit && hit.data == Self.plainBody)
        #expect(hit.value(forHTTPHeaderField: "Transfer-Encoding") == nil)
    }
}
