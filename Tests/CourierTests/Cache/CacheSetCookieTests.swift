import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `Set-Cookie` and `Set-Cookie2` are never kept in an entry, in memory or on disk, so a hit never
/// hands one user's cookie to the next.
@Suite("Cache keeps no cookies to set")
struct CacheSetCookieTests {
    typealias Origin = CachePipelineTests.Origin

    @Test func setCookieIsNeverStoredNorServed() async throws {
        let folder = DiskStoreTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let origin = Origin()
        origin.set { $0.headers = ["Cache-Control": "max-age=60", "Set-Cookie": "csrf=SECRET-alice; Path=/"] }
        let cache = HTTPCache(directory: folder)
        let provider = CachePipelineTests.provider(origin, cache: cache)
        let first = try await provider.request(CoreTestTarget())
        let hit = try await provider.request(CoreTestTarget())
        await cache.flush()
        #expect(first.value(forHTTPHeaderField: "Set-Cookie") != nil)
        #expect(hit.cacheOrigin?.kind == .hit && hit.value(forHTTPHeaderField: "Set-Cookie") == nil)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(names.count == 1)
        for name in names {
            let bytes = try Data(contentsOf: folder.appendingPathComponent(name))
            #expect(String(decoding: bytes, as: UTF8.self).contains("SECRET") == false)
        }
        // Read back from disk by a cache with an empty memory.
        let reader = CachePipelineTests.provider(origin, cache: HTTPCache(directory: folder))
        let fromDisk = try await reader.request(CoreTestTarget())
        #expect(fromDisk.cacheOrigin?.kind == .hit && fromDisk.value(forHTTPHeaderField: "Set-Cookie") == nil)
    }

    /// Neither a `304` that carries one nor an old entry read back keeps a cookie to set.
    @Test func aSetCookieOfA304IsNotMergedIn() {
        let entry = CacheFixtures.entry([("Cache-Control", "max-age=60"), ("Set-Cookie2", "old=1")])
        let updated = entry.updated(
            with: [HeaderField(name: "Set-Cookie", value: "csrf=SECRET"), HeaderField(name: "ETag", value: "\"2\"")],
            requestTime: CacheFixtures.epoch, responseTime: CacheFixtures.epoch)
        #expect(entry.value("Set-Cookie2") == nil)
        #expect(updated.value("Set-Cookie") == nil && updated.value("ETag") == "\"2\"")
    }
}
