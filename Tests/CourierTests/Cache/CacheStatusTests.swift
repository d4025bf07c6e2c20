import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Which final statuses the cache stores (RFC 9111 §3): any whose class it understands when the
/// response gives it a lifetime or permission (`max-age`, `Expires`, `public`, `private`), the
/// heuristically cacheable ones without; `must-understand` keeps an unknown status out and lets a
/// known one past its `no-store` (§5.2.2.3).
@Suite("Cache statuses")
struct CacheStatusTests {
    typealias F = CacheFixtures

    static func stores(_ status: Int, _ fields: [(String, String)]) -> Bool {
        let url = URL(string: F.url)!
        let head = ResponseHead(
            url: url, statusCode: status, version: "HTTP/1.1",
            fields: fields.map { HeaderField(name: $0.0, value: $0.1) })
        let response = Response(statusCode: status, data: Data("x".utf8), request: nil, head: head)
        return CacheStorability.entry(
            for: response, request: URLRequest(url: url), key: F.key(), storesCredentials: false, requestTime: F.epoch,
            responseTime: F.epoch) != nil
    }

    @Test(arguments: [500, 502, 503, 504, 599, 201, 202, 302, 307, 400, 401, 403, 409, 429])
    func anyFinalStatusWithALifetimeIsStored(status: Int) {
        #expect(Self.stores(status, [("Cache-Control", "max-age=60")]))
        #expect(Self.stores(status, [("Expires", "Thu, 18 Aug 2050 02:01:18 GMT")]))
        #expect(Self.stores(status, [("Cache-Control", "public")]))
        #expect(Self.stores(status, [("Cache-Control", "private")]))
        // Without one, only the heuristically cacheable statuses are.
        #expect(!Self.stores(status, [("Last-Modified", F.date(-1000))]))
        #expect(!Self.stores(status, [("Cache-Control", "max-age=60, no-store")]))
    }

    @Test func heuristicallyCacheableStatusesNeedNoLifetime() {
        for status in [200, 203, 204, 300, 301, 308, 404, 405, 410, 414, 501] {
            #expect(Self.stores(status, [("Last-Modified", F.date(-1000))]), "\(status)")
        }
    }

    /// Not final, partial (this cache keeps no ranges), `304`, or no status class at all.
    @Test(arguments: [100, 101, 199, 206, 304, 600, 999])
    func theRestIsNot(status: Int) {
        #expect(!Self.stores(status, [("Cache-Control", "max-age=60")]))
    }

    @Test func mustUnderstandKeepsUnknownStatusesOutAndKnownOnesPastNoStore() {
        #expect(!Self.stores(599, [("Cache-Control", "max-age=3600, no-store, must-understand")]))
        #expect(!Self.stores(599, [("Cache-Control", "max-age=3600, must-understand")]))
        #expect(Self.stores(200, [("Cache-Control", "max-age=3600, no-store, must-understand")]))
        #expect(Self.stores(503, [("Cache-Control", "max-age=3600, no-store, must-understand")]))
        // A request's own `no-store` still wins.
        #expect(CacheControl("no-store, must-understand").noStore)
    }

    /// RFC 9111 §5.2.2.9: a `public` response without explicit freshness is heuristically cacheable,
    /// whatever its status.
    @Test func publicMakesAnyStatusHeuristicallyFresh() {
        let fields = [("Cache-Control", "public"), ("Date", F.date(0)), ("Last-Modified", F.date(-1000))]
        #expect(F.entry(fields, status: 599).lifetime == 100)
        #expect(F.entry(Array(fields.dropFirst()), status: 599).lifetime == 0)
    }

    @Test func aFresh5xxIsServedFromTheCacheAndAStaleOneIsNot() async throws {
        let origin = CachePipelineTests.Origin()
        origin.set {
            $0.status = 503
            $0.headers = ["Cache-Control": "max-age=60"]
        }
        let provider = CachePipelineTests.provider(origin)
        let first = try await provider.request(CoreTestTarget())
        let hit = try await provider.request(CoreTestTarget())
        #expect(first.statusCode == 503 && hit.statusCode == 503 && hit.data == first.data)
        #expect(hit.cacheOrigin?.kind == .hit && origin.sent.count == 1)
        origin.set { $0.headers = ["Cache-Control": "max-age=0"] }
        let other = CachePipelineTests.provider(origin)
        _ = try await other.request(CoreTestTarget())
        #expect(try await other.request(CoreTestTarget()).cacheOrigin == nil && origin.sent.count == 3)
    }

    /// A `5xx` without a lifetime neither replaces nor drops the last good answer.
    @Test func a5xxWithoutALifetimeLeavesTheStoredAnswer() async throws {
        let origin = CachePipelineTests.Origin()
        origin.set { $0.headers = ["Cache-Control": "max-age=0", "ETag": "\"v1\""] }
        let cache = HTTPCache()
        let provider = CachePipelineTests.provider(origin, cache: cache)
        _ = try await provider.request(CoreTestTarget())
        origin.set {
            $0.status = 500
            $0.headers = [:]
        }
        #expect(try await provider.request(CoreTestTarget()).statusCode == 500)
        origin.set {
            $0.status = 200
            $0.headers = ["Cache-Control": "max-age=0", "ETag": "\"v1\""]
        }
        // The `200` is still stored: the next call revalidates it.
        #expect(try await provider.request(CoreTestTarget()).cacheOrigin?.kind == .revalidated)
    }

    /// A call whose policy falls back on server errors wants the last good answer: a `5xx` with a
    /// lifetime does not replace it, and the fallback never serves a stored `5xx`.
    @Test func aPolicyThatFallsBackOnServerErrorsKeepsTheGoodAnswer() async throws {
        let origin = CachePipelineTests.Origin()
        origin.set { $0.headers = ["Cache-Control": "max-age=0"] }
        let cache = HTTPCache(defaultPolicy: .useProtocol.fallingBackWhenOffline(onServerErrors: true))
        let provider = CachePipelineTests.provider(origin, cache: cache)
        let good = try await provider.request(CoreTestTarget())
        origin.set {
            $0.status = 503
            $0.headers = ["Cache-Control": "max-age=60"]
        }
        let fallen = try await provider.request(CoreTestTarget())
        #expect(fallen.statusCode == 200 && fallen.cacheOrigin?.kind == .offlineFallback && fallen.data == good.data)

        let plain = HTTPCache(defaultPolicy: .useProtocol.fallingBackWhenOffline())
        let other = CachePipelineTests.provider(origin, cache: plain)
        origin.set { $0.headers = ["Cache-Control": "max-age=0"] }
        #expect(try await other.request(CoreTestTarget()).statusCode == 503)
        origin.set { $0.failure = URLError(.cannotConnectToHost) }
        await #expect(throws: CourierError.self) { try await other.request(CoreTestTarget()) }
    }
}
