import Foundation
import Observation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `RemoteValue`: the observable model a view binds to.
@MainActor
@Suite("Remote values")
struct RemoteValueTests {
    static func provider(_ server: NotesServer) -> Provider<NotesAPI> {
        var options = ProviderOptions()
        options.cache = HTTPCache()
        return Provider<NotesAPI>(transport: server, options: options)
    }

    /// Whether what `read` reads changed while `change` ran, as `withObservationTracking` reports it.
    static func changes(
        _ read: @escaping @MainActor () -> Void, during change: @escaping @MainActor () async -> Void
    ) async -> Bool {
        let (changed, signal) = AsyncStream.makeStream(of: Void.self)
        withObservationTracking {
            read()
        } onChange: {
            signal.yield()
        }
        await change()
        signal.finish()
        return await changed.nextElement() != nil
    }

    @Test func loadShowsTheStoredValueThenTheFreshOne() async throws {
        let server = NotesServer()
        let provider = Self.provider(server)
        _ = try await provider.request(.list)
        server.state.withLock { $0.notes.append("second") }
        let notes = RemoteValue(NotesAPI.list, as: [String].self, provider: provider)
        #expect(notes.value == nil && !notes.isLoading)

        await notes.load()

        #expect(notes.value == ["first", "second"] && notes.cacheOrigin == nil && notes.error == nil)
        #expect(!notes.isLoading)
    }

    @Test func observersSeeLoadingAndTheValue() async {
        let server = NotesServer()
        let notes = RemoteValue(NotesAPI.list, as: [String].self, provider: Self.provider(server))

        #expect(await Self.changes({ _ = notes.isLoading }, during: { await notes.load() }))
        #expect(notes.value == ["first"])
        let refreshed = await Self.changes(
            { _ = notes.value },
            during: {
                server.state.withLock { $0.notes = ["changed"] }
                await notes.refresh()
            })
        #expect(refreshed && notes.value == ["changed"])
        #expect(!(await Self.changes({ _ = notes.error }, during: { await notes.refresh() })))
    }

    @Test func offlineTheValueStaysAndTheErrorSaysWhy() async throws {
        let server = NotesServer()
        let provider = Self.provider(server)
        let notes = RemoteValue(NotesAPI.list, as: [String].self, provider: provider)
        await notes.load()
        server.isDown = true

        await notes.load()

        #expect(notes.value == ["first"] && notes.cacheOrigin?.kind == .offlineFallback)
        #expect((notes.error?.underlyingError as? URLError)?.code == .notConnectedToInternet)
        await notes.refresh()
        #expect(notes.value == ["first"] && notes.error != nil && !notes.isLoading)
    }

    /// A refresh asks the server even when the stored answer is fresh (`no-cache`), as a reload does.
    @Test func refreshRevalidatesAFreshValue() async throws {
        let server = NotesServer()
        server.state.withLock { $0.listCacheControl = "max-age=600" }
        let notes = RemoteValue(NotesAPI.list, as: [String].self, provider: Self.provider(server))
        await notes.load()
        server.state.withLock { $0.notes = ["newer"] }

        await notes.load()
        #expect(notes.value == ["first"] && server.requests.count == 1)
        await notes.refresh()

        #expect(notes.value == ["newer"] && server.requests.count == 2)
        #expect(server.requests.last?.value(forHTTPHeaderField: "Cache-Control") == "no-cache")
    }

    /// A successful mutation that names the value's tag makes it load again by itself.
    @Test func aMutationRefreshesTheValuesItInvalidates() async throws {
        let server = NotesServer()
        server.state.withLock { $0.listCacheControl = "max-age=600" }
        let provider = Self.provider(server)
        let notes = RemoteValue(NotesAPI.list, as: [String].self, provider: provider)
        await notes.load()

        let (refreshed, signal) = AsyncStream.makeStream(of: Void.self)
        withObservationTracking {
            _ = notes.value
        } onChange: {
            signal.yield()
        }
        _ = try await provider.request(.add(text: "new"))
        _ = await refreshed.nextElement()
        // The change is announced as it begins: wait for the refresh to end.
        await notes.load()

        #expect(notes.value == ["first", "new"])
    }

    @Test func aValueNeverLoadedIsNotRefreshed() async throws {
        let server = NotesServer()
        let provider = Self.provider(server)
        let notes = RemoteValue(NotesAPI.list, as: [String].self, provider: provider)
        _ = try await provider.request(.add(text: "new"))
        provider.invalidate([.tag("notes")])
        // The invalidation reaches the model in a task of the main actor, which would start a refresh.
        for _ in 0..<3 { await Task.yield() }
        #expect(!notes.isLoading && notes.value == nil && server.requests.count == 1)
    }

    @Test func twoLoadsAtOnceShareOneCall() async {
        let server = NotesServer()
        let notes = RemoteValue(NotesAPI.list, as: [String].self, provider: Provider(transport: server))
        async let first: Void = notes.load()
        async let second: Void = notes.load()
        _ = await (first, second)
        #expect(notes.value == ["first"] && server.requests.count == 1)
    }
}
