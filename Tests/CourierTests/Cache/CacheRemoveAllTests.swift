import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A logout (`removeAll()`) drops what was on its way: an answer in flight is not stored, and a
/// read from disk queued before it neither answers nor refills the memory.
@Suite("Cache removeAll drops what is in flight")
struct CacheRemoveAllTests {
    static let itemsURL = URL(string: "https://api.example.com/v1/items")!

    /// A call in flight when the app logs out: its answer is not stored, in memory or on disk.
    @Test func anAnswerInFlightAtRemoveAllIsNotStored() async throws {
        let folder = DiskStoreTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let gate = GatedTransport()
        let cache = HTTPCache(directory: folder)
        var options = ProviderOptions()
        options.cache = cache
        let provider = Provider<CoreTestTarget>(transport: gate, options: options)
        let call = Task { try await provider.request(CoreTestTarget()) }
        _ = await gate.started.nextElement()
        cache.removeAll()
        gate.release(1, body: "alice", url: Self.itemsURL, headers: ["Cache-Control": "max-age=60"])
        _ = try await call.value
        await cache.flush()
        #expect(cache.metrics.memoryEntries == 0 && cache.metrics.diskEntries == 0)
        // Were it stored, the next call would be a hit and never reach the gate.
        try #require(cache.metrics.memoryEntries == 0)
        let next = Task { try await provider.request(CoreTestTarget()) }
        _ = await gate.started.nextElement()
        gate.release(2, body: "bob", url: Self.itemsURL, headers: ["Cache-Control": "max-age=60"])
        let answer = try await next.value
        #expect(answer.cacheOrigin == nil && answer.data == Data("bob".utf8))
    }

    /// A read from disk queued before `removeAll()` neither answers nor refills the memory.
    @Test func aDiskReadQueuedBeforeRemoveAllIsDropped() async throws {
        let folder = DiskStoreTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let origin = CachePipelineTests.Origin()
        let writer = HTTPCache(directory: folder)
        _ = try await CachePipelineTests.provider(origin, cache: writer).request(CoreTestTarget())
        await writer.flush()
        let reader = HTTPCache(directory: folder)
        let disk = try #require(reader.disk)
        // Logs out exactly between the read's queueing and its running.
        disk.afterReadQueued.withLock { $0 = { [weak reader] in reader?.removeAll() } }
        defer { disk.afterReadQueued.withLock { $0 = nil } }
        let request = URLRequest(url: Self.itemsURL)
        let key = try #require(CacheKey(request))
        let found = await reader.lookup(key, matching: request)
        #expect(found == nil)
        #expect(reader.metrics.memoryEntries == 0)
    }
}
