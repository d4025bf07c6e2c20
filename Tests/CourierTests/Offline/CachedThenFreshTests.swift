import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `provider.values(_:as:)`: the stored value at once, then the network's.
@Suite("Cached, then fresh")
struct CachedThenFreshTests {
    static func provider(_ server: NotesServer, cache: HTTPCache = HTTPCache()) -> Provider<NotesAPI> {
        var options = ProviderOptions()
        options.cache = cache
        return Provider<NotesAPI>(transport: server, options: options)
    }

    static func collect(_ values: LoadedValues<[String]>) async throws -> [LoadedValue<[String]>] {
        var all: [LoadedValue<[String]>] = []
        for try await value in values { all.append(value) }
        return all
    }

    @Test func theStoredValueComesFirstThenTheNetworks() async throws {
        let server = NotesServer()
        let provider = Self.provider(server)
        _ = try await provider.request(.list)
        server.state.withLock { $0.notes.append("second") }

        let values = try await Self.collect(provider.values(.list, as: [String].self))

        #expect(values.map(\.value) == [["first"], ["first", "second"]])
        #expect(values[0].cacheOrigin?.kind == .hit && values[0].isStale)
        #expect(values[1].cacheOrigin == nil && values[1].networkError == nil)
    }

    /// The stored value is read with a transport that refuses to send: the network is not asked
    /// until the loop asks for the next value.
    @Test func theFirstValueDoesNotWaitForTheNetwork() async throws {
        let gated = GatedTransport()
        var options = ProviderOptions()
        options.cache = HTTPCache()
        let provider = Provider<NotesAPI>(transport: gated, options: options)
        var started = gated.started.makeAsyncIterator()
        async let filled = provider.request(.list)
        #expect(await started.next() == 1)
        gated.release(1, body: #"["stored"]"#, url: NotesAPI.list.baseURL.appendingPathComponent("notes"))
        _ = try await filled

        var loads = provider.values(.list, as: [String].self).makeAsyncIterator()
        let first = try await loads.next()
        #expect(first?.value == ["stored"] && gated.callCount == 1)

        let rest = loads
        let second = Task {
            var loads = rest
            return (try await loads.next(), try await loads.next())
        }
        #expect(await started.next() == 2)
        gated.release(2, body: #"["fresh"]"#)
        let (fresh, end) = try await second.value
        #expect(fresh?.value == ["fresh"] && end == nil)
    }

    @Test func aFreshStoredValueIsTheLast() async throws {
        let server = NotesServer()
        server.state.withLock { $0.listCacheControl = "max-age=600" }
        let provider = Self.provider(server)
        _ = try await provider.request(.list)

        let values = try await Self.collect(provider.values(.list, as: [String].self))

        #expect(values.count == 1 && values[0].cacheOrigin?.kind == .hit && !values[0].isStale)
        #expect(server.requests.count == 1)
    }

    @Test func aStaleValueIsRevalidatedWithItsETag() async throws {
        let server = NotesServer()
        server.state.withLock { $0.listETag = #""v1""# }
        let provider = Self.provider(server)
        _ = try await provider.request(.list)

        let values = try await Self.collect(provider.values(.list, as: [String].self))

        #expect(values.map { $0.cacheOrigin?.kind } == [.hit, .revalidated])
        #expect(server.requests.last?.value(forHTTPHeaderField: "If-None-Match") == #""v1""#)
    }

    /// Offline after a stored value: the stored value again, as the offline fallback with the
    /// network's error, and the loop ends without throwing.
    @Test func offlineTheLoopEndsWithTheStoredValueAndTheError() async throws {
        let server = NotesServer()
        let provider = Self.provider(server)
        _ = try await provider.request(.list)
        server.isDown = true

        let values = try await Self.collect(provider.values(.list, as: [String].self))

        #expect(values.map(\.value) == [["first"], ["first"]])
        #expect(values[1].cacheOrigin?.kind == .offlineFallback && values[1].isStale)
        let error = try #require(values[1].networkError)
        #expect((error.underlyingError as? URLError)?.code == .notConnectedToInternet)
    }

    @Test func offlineWithNothingStoredTheLoopThrowsAsACallWould() async throws {
        let server = NotesServer()
        server.isDown = true
        let provider = Self.provider(server)

        await #expect(throws: CourierError.self) {
            _ = try await Self.collect(provider.values(.list, as: [String].self))
        }
        await #expect(throws: CourierError.self) { _ = try await provider.request(.list, as: [String].self) }
    }

    /// A failure that is not the network's is thrown after the stored value.
    @Test func aRefusalAfterTheStoredValueIsThrown() async throws {
        let server = NotesServer()
        let provider = Self.provider(server)
        _ = try await provider.request(.list)
        server.state.withLock { $0.listStatus = 403 }

        var loads = provider.values(.list, as: [String].self).makeAsyncIterator()
        #expect(try await loads.next()?.value == ["first"])
        let error = await #expect(throws: CourierError.self) { _ = try await loads.next() }
        #expect(error?.response?.statusCode == 403)
    }

    @Test func withoutACacheTheNetworksValueIsAll() async throws {
        let server = NotesServer()
        let provider = Provider<NotesAPI>(transport: server)

        let values = try await Self.collect(provider.values(.list, as: [String].self))

        #expect(values.map(\.value) == [["first"]] && values[0].cacheOrigin == nil)
    }

    /// The stored read never sends: a target whose requests the cache does not store (a `POST`,
    /// or one with credentials) is loaded from the network alone.
    @Test func aTargetTheCacheDoesNotStoreIsOnlySentOnce() async throws {
        let server = NotesServer()
        let provider = Self.provider(server)
        var loads = provider.values(.add(text: "x"), as: [String: String].self).makeAsyncIterator()
        await #expect(throws: CourierError.self) { _ = try await loads.next() }
        #expect(server.requests.count == 1)
    }

    @Test func stubModeServesTheSampleAndStoresIt() async throws {
        var options = ProviderOptions()
        options.cache = HTTPCache()
        let provider = Provider<NotesAPI>(
            stubClosure: Provider.immediatelyStub, transport: UnreachableTransport(), options: options)

        let first = try await Self.collect(provider.values(.list, as: [String].self))
        #expect(first.map(\.value) == [["sample"]] && first[0].cacheOrigin == nil)
        let second = try await Self.collect(provider.values(.list, as: [String].self))
        #expect(second.map(\.value) == [["sample"], ["sample"]] && second[0].cacheOrigin?.kind == .hit)
    }

    @Test func cancellingTheTaskEndsTheLoad() async throws {
        let gated = GatedTransport()
        let provider = Provider<NotesAPI>(transport: gated)
        var started = gated.started.makeAsyncIterator()
        let load = Task { try await Self.collect(provider.values(.list, as: [String].self)) }
        #expect(await started.next() == 1)
        load.cancel()
        gated.release(1, body: "[]")
        await #expect(throws: CourierError.self) { _ = try await load.value }
    }
}
