import Foundation
import Testing

@testable import Courier

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The cache's folder is trusted only when no one else can write it: the user's own folder is
/// made 0700, and another user's folder or a symbolic link is not used at all (memory only).
@Suite("Cache folder")
struct CacheFolderTests {
    /// Stores one answer through a cache on `folder` and waits for the disk.
    static func storeOne(in folder: URL) async throws -> HTTPCache {
        let cache = HTTPCache(directory: folder)
        let provider = CachePipelineTests.provider(CachePipelineTests.Origin(), cache: cache)
        _ = try await provider.request(CoreTestTarget())
        await cache.flush()
        #expect(try await provider.request(CoreTestTarget()).cacheOrigin?.kind == .hit)
        return cache
    }

    static func mode(of path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return try #require((attributes[.posixPermissions] as? NSNumber)?.intValue)
    }

    @Test func aFolderOthersCanWriteIsMadeOwnerOnly() async throws {
        let folder = DiskStoreTests.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(chmod(folder.path, 0o777) == 0)
        let cache = try await Self.storeOne(in: folder)
        #expect(try Self.mode(of: folder.path) == 0o700)
        #expect(cache.metrics.diskEntries == 1)
        #expect(await cache.folderProblem == nil)
    }

    @Test func aNewFolderIsOwnerOnly() async throws {
        let folder = DiskStoreTests.folder().appendingPathComponent("nested")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        _ = try await Self.storeOne(in: folder)
        #expect(try Self.mode(of: folder.path) == 0o700)
    }

    /// A symbolic link may point anywhere, and be re-pointed: nothing is written through it.
    @Test func aSymbolicLinkIsRefused() async throws {
        let real = DiskStoreTests.folder()
        let link = DiskStoreTests.folder()
        defer {
            try? FileManager.default.removeItem(at: link)
            try? FileManager.default.removeItem(at: real)
        }
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        let cache = try await Self.storeOne(in: link)
        #expect(try FileManager.default.contentsOfDirectory(atPath: real.path).isEmpty)
        #expect(cache.metrics.diskEntries == 0)
        #expect(await cache.folderProblem == .symbolicLink(path: link.path))
    }

    /// Another user's folder (made so here when the tests run as root; otherwise a folder of
    /// root's) may hold that user's forgeries: it is neither read nor written.
    @Test func anotherUsersFolderIsRefused() async throws {
        let folder: URL
        var made: URL?
        if geteuid() == 0 {
            folder = DiskStoreTests.folder()
            made = folder
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            #expect(chown(folder.path, 65_534, 65_534) == 0 && chmod(folder.path, 0o777) == 0)
        } else {
            folder = URL(fileURLWithPath: "/")
        }
        defer { if let made { try? FileManager.default.removeItem(at: made) } }
        let before = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        let cache = try await Self.storeOne(in: folder)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == before)
        #expect(cache.metrics.diskEntries == 0)
        if case .ownedByAnotherUser = await cache.folderProblem {
        } else {
            Issue.record("not refused as another user's")
        }
        if made != nil { #expect(try Self.mode(of: folder.path) == 0o777) }
    }
}
