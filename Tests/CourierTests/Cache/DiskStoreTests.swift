import Foundation
import Testing

@testable import Courier

/// The disk store: files, limits, and what it does with files it cannot trust.
@Suite("Cache disk store")
struct DiskStoreTests {
    typealias F = CacheFixtures

    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("courier-cache-\(UUID().uuidString)")
    }

    func entry(_ index: Int, bytes: Int = 100, partition: String = "") -> CachedEntry {
        F.entry(
            [("Cache-Control", "max-age=60")], body: String(repeating: "x", count: bytes),
            key: F.key("https://api.example.com/items/\(index)", partition: partition))
    }

    @Test func writesOwnerOnlyFilesThatReadBack() async throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = DiskStore.shared(directory: folder, byteLimit: 1 << 20, entryLimit: 100)
        store.write(entry(1))
        await store.flush()
        let read = await store.read(F.key("https://api.example.com/items/1"))
        #expect(read?.body == Data(String(repeating: "x", count: 100).utf8))
        #expect(read?.lifetime == 60)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(names.count == 1)
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(names[0]).path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }

    /// A file name is two digests: nothing of the URL or the credentials can be read in it.
    @Test func fileNamesRevealNeitherURLNorToken() async throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = DiskStore.shared(directory: folder, byteLimit: 1 << 20, entryLimit: 100)
        var request = URLRequest(url: URL(string: "https://api.example.com/me?token=secret-query")!)
        request.setValue("Bearer secret-token", forHTTPHeaderField: "Authorization")
        let key = try #require(CacheKey(request))
        #expect(!key.partition.isEmpty)
        store.write(F.entry([("Cache-Control", "max-age=60")], key: key))
        await store.flush()
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(names.count == 1)
        #expect(names.allSatisfy { !$0.contains("secret") && !$0.contains("example") && DiskStore.isEntryName($0) })
        #expect(await store.read(key) != nil)
    }

    @Test func keepsWithinTheByteLimitDroppingTheLeastRecentlyUsed() async {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = DiskStore.shared(directory: folder, byteLimit: 3_000, entryLimit: 100)
        for index in 1...3 { store.write(entry(index, bytes: 600)) }
        await store.flush()
        // Reading 1 makes 2 the least recently used.
        #expect(await store.read(entry(1).key) != nil)
        for index in 4...5 { store.write(entry(index, bytes: 600)) }
        await store.flush()
        #expect(store.totals.bytes <= 3_000)
        #expect(await store.read(entry(2).key) == nil)
        #expect(await store.read(entry(1).key) != nil)
        #expect(await store.read(entry(5).key) != nil)
    }

    @Test func keepsWithinTheEntryLimit() async {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = DiskStore.shared(directory: folder, byteLimit: 1 << 20, entryLimit: 3)
        for index in 1...5 { store.write(entry(index)) }
        await store.flush()
        #expect(store.totals.entries == 3)
        #expect(await store.read(entry(1).key) == nil)
        #expect(await store.read(entry(5).key) != nil)
    }

    /// A truncated file, one with garbage, and one holding another key's entry all read as none and are deleted.
    @Test(arguments: ["truncated", "garbage", "renamed", "empty"])
    func dropsCorruptFiles(kind: String) async throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let writer = DiskStore.shared(directory: folder, byteLimit: 1 << 20, entryLimit: 100)
        writer.write(entry(1))
        writer.write(entry(2))
        await writer.flush()
        let file = folder.appendingPathComponent(entry(1).key.fileName)
        let data = try Data(contentsOf: file)
        switch kind {
        case "truncated": try data.prefix(data.count - 10).write(to: file)
        case "garbage": try Data((0..<500).map { UInt8(truncatingIfNeeded: $0 &* 7) }).write(to: file)
        case "renamed": try Data(contentsOf: folder.appendingPathComponent(entry(2).key.fileName)).write(to: file)
        default: try Data().write(to: file)
        }
        #expect(await writer.read(entry(1).key) == nil)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(await writer.read(entry(2).key) != nil)
    }

    /// A store opened on a folder finds the entries already there, and deletes half-written files.
    @Test func aNewProcessFindsTheFolderAsLeft() async throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try DiskEntryCodec.encode(entry(7)).write(to: folder.appendingPathComponent(entry(7).key.fileName))
        try Data("half".utf8).write(to: folder.appendingPathComponent(".abc.tmp"))
        try Data("the app's own".utf8).write(to: folder.appendingPathComponent("README"))
        let store = DiskStore.shared(directory: folder, byteLimit: 1 << 20, entryLimit: 100)
        #expect(await store.read(entry(7).key)?.body.count == 100)
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        #expect(names == [entry(7).key.fileName, "README"])
    }

    @Test func providersOfOneFolderShareOneStore() {
        let folder = Self.folder()
        let first = HTTPCache(directory: folder)
        let second = HTTPCache(directory: folder.appendingPathComponent("x").deletingLastPathComponent())
        #expect(first.disk === second.disk)
    }

    @Test func removeAllEmptiesMemoryAndFolder() async throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = HTTPCache(directory: folder)
        for index in 1...3 { cache.store(entry(index), since: cache.generation) }
        await cache.flush()
        #expect(cache.metrics.diskEntries == 3 && cache.metrics.memoryEntries == 3)
        cache.removeAll()
        await cache.flush()
        #expect(cache.metrics.diskEntries == 0 && cache.metrics.memoryEntries == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}

@Suite("Cache memory store")
struct MemoryStoreTests {
    typealias F = CacheFixtures

    func entry(_ index: Int, bytes: Int = 100) -> CachedEntry {
        F.entry([], body: String(repeating: "x", count: bytes), key: F.key("https://a.example/\(index)"))
    }

    @Test func dropsTheLeastRecentlyUsedPastEitherLimit() {
        let store = MemoryStore(byteLimit: 1 << 20, entryLimit: 3)
        for index in 1...3 { store.store(entry(index)) }
        _ = store.entry(for: entry(1).key)
        store.store(entry(4))
        #expect(store.entry(for: entry(2).key) == nil)
        #expect(store.entry(for: entry(1).key) != nil)
        #expect(store.totals.entries == 3)

        let small = MemoryStore(byteLimit: entry(1, bytes: 500).byteCount * 2, entryLimit: 100)
        for index in 1...3 { small.store(entry(index, bytes: 500)) }
        #expect(small.totals.entries == 2)
        #expect(small.totals.bytes <= small.byteLimit)
        small.store(entry(9, bytes: 5_000))
        #expect(small.entry(for: entry(9).key) == nil)
    }

    @Test func removesEveryEntryOfAURL() {
        let store = MemoryStore(byteLimit: 1 << 20, entryLimit: 10)
        store.store(F.entry([], key: F.key("https://a.example/x")))
        store.store(F.entry([], key: F.key("https://a.example/x", method: "HEAD")))
        store.store(F.entry([], key: F.key("https://a.example/x", partition: "p")))
        store.store(F.entry([], key: F.key("https://a.example/y")))
        store.removeAll(url: "https://a.example/x")
        #expect(store.totals.entries == 1)
    }
}
