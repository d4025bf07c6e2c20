import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Invalidation after mutations, declared on the target (`InvalidationConfigurable`).
@Suite("Invalidation")
struct InvalidationTests {
    static func provider(_ server: NotesServer, cache: HTTPCache) -> Provider<NotesAPI> {
        var options = ProviderOptions()
        options.cache = cache
        return Provider<NotesAPI>(transport: server, options: options)
    }

    /// `like(id:)` names `note(id:)`: a fresh stored note is dropped, and the next read asks the server.
    @Test func aMutationDropsTheTargetsItNames() async throws {
        let server = NotesServer()
        let provider = Self.provider(server, cache: HTTPCache())
        _ = try await provider.request(.note(id: 7))
        #expect(try await provider.request(.note(id: 7)).cacheOrigin?.kind == .hit)
        _ = try await provider.request(.note(id: 8))

        _ = try await provider.request(.like(id: 7))

        let note = try await provider.request(.note(id: 7), as: Note.self)
        #expect(note == Note(id: 7, likes: 1))
        #expect(try await provider.request(.note(id: 8)).cacheOrigin?.kind == .hit)
    }

    /// `add` names the tag `notes`: every stored answer of a tagged target this process read goes.
    @Test func aMutationDropsEveryAnswerUnderItsTag() async throws {
        let server = NotesServer()
        server.state.withLock { $0.listCacheControl = "max-age=600" }
        let cache = HTTPCache()
        let provider = Self.provider(server, cache: cache)
        _ = try await provider.request(.list)
        _ = try await provider.request(.note(id: 1))

        _ = try await provider.request(.add(text: "second"))

        #expect(try await provider.request(.list, as: [String].self) == ["first", "second"])
        #expect(try await provider.request(.note(id: 1)).cacheOrigin == nil)
    }

    @Test func aFailedMutationInvalidatesNothing() async throws {
        let server = NotesServer()
        let provider = Self.provider(server, cache: HTTPCache())
        _ = try await provider.request(.note(id: 7))
        server.state.withLock { $0.scripted = [(500, [:])] }

        await #expect(throws: CourierError.self) { try await provider.request(.like(id: 7)) }

        #expect(try await provider.request(.note(id: 7)).cacheOrigin?.kind == .hit)
    }

    @Test func theAppCanInvalidateByTagOrTarget() async throws {
        let server = NotesServer()
        let provider = Self.provider(server, cache: HTTPCache())
        _ = try await provider.request(.note(id: 1))
        _ = try await provider.request(.note(id: 2))

        provider.invalidate([.target(.note(id: 1))])
        #expect(try await provider.request(.note(id: 1)).cacheOrigin == nil)
        #expect(try await provider.request(.note(id: 2)).cacheOrigin?.kind == .hit)
        provider.invalidate([.tag("notes")])
        #expect(try await provider.request(.note(id: 2)).cacheOrigin == nil)
    }

    /// Stored answers on disk go too, so a later launch does not read them.
    @Test func theDiskEntriesGoToo() async throws {
        let folder = OutboxFolders.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = NotesServer()
        let cache = HTTPCache(directory: folder)
        let provider = Self.provider(server, cache: cache)
        _ = try await provider.request(.note(id: 3))
        await cache.flush()
        #expect(cache.metrics.diskEntries == 1)

        _ = try await provider.request(.like(id: 3))
        await cache.flush()

        #expect(cache.metrics.diskEntries == 0)
    }

    /// A `MultiTarget` provider maps the targets a declaration names through its own endpoint closure.
    @Test func aMultiTargetProviderInvalidatesTheWrappedTargets() async throws {
        let server = NotesServer()
        var options = ProviderOptions()
        options.cache = HTTPCache()
        let provider = Provider<MultiTarget>(transport: server, options: options)
        _ = try await provider.request(.target(NotesAPI.note(id: 4)))
        #expect(try await provider.request(.target(NotesAPI.note(id: 4))).cacheOrigin?.kind == .hit)

        _ = try await provider.request(.target(NotesAPI.like(id: 4)))

        #expect(try await provider.request(.target(NotesAPI.note(id: 4))).cacheOrigin == nil)
    }

    /// The hub keeps a bounded number of tagged URLs, dropping the oldest of the largest tag first.
    @Test func theTaggedURLsAreBounded() {
        let hub = OfflineHub()
        for number in 0..<(OfflineHub.taggedURLLimit + 10) { hub.record("https://a.example/\(number)", under: ["t"]) }
        let urls = hub.urls(taggedWithAnyOf: ["t"])
        #expect(urls.count == OfflineHub.taggedURLLimit)
        #expect(
            !urls.contains("https://a.example/0") && urls.contains("https://a.example/\(OfflineHub.taggedURLLimit + 9)")
        )
    }
}
