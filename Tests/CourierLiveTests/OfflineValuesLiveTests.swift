import Courier
import Foundation
import Observation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Cached-then-fresh values, a `RemoteValue` and invalidation against the scenario server's cache
/// routes (scripts/scenario_cache.py), through the transport `COURIER_TEST_TRANSPORT` selects.
@Suite("Offline values, live", .timeLimit(.minutes(2)))
struct OfflineValuesLiveTests {
    /// An item of the cache routes, and a mutation elsewhere that makes it stale.
    enum ItemAPI: TargetType, InvalidationConfigurable {
        case item(base: URL, name: String, cacheControl: String)
        case touch(base: URL, name: String)

        var baseURL: URL {
            switch self {
            case .item(let base, _, _), .touch(let base, _): base
            }
        }
        var path: String {
            switch self {
            case .item(_, let name, _): "/cache/item/\(name)"
            case .touch(_, let name): "/cache/fail/\(name)"
            }
        }
        var method: HTTPMethod {
            switch self {
            case .item: .get
            case .touch: .post
            }
        }
        var task: RequestTask {
            switch self {
            case .item(_, _, let cacheControl):
                .requestParameters(parameters: ["cc": cacheControl, "etag": "v1"], encoding: URLEncoding.queryString)
            case .touch:
                .requestParameters(parameters: ["status": 0], encoding: URLEncoding.queryString)
            }
        }
        var validationType: ValidationType { .successCodes }

        var invalidates: [Invalidation<ItemAPI>] {
            switch self {
            case .item: []
            case .touch(let base, let name): [.target(.item(base: base, name: name, cacheControl: "max-age=600"))]
            }
        }
    }

    struct Item: Decodable, Sendable {
        let name: String
        let full: Int
    }

    static func provider() -> Provider<ItemAPI> {
        var options = ProviderOptions()
        options.cache = HTTPCache()
        return Provider<ItemAPI>(transport: TestTransport.make(), options: options)
    }

    static func collect(_ values: LoadedValues<Item>) async throws -> [LoadedValue<Item>] {
        var all: [LoadedValue<Item>] = []
        for try await value in values { all.append(value) }
        return all
    }

    /// The stored value first, then the server's `304` confirms it.
    @Test(.requiresScenarioServer) func theStoredValueThenTheRevalidatedOne() async throws {
        let base = try LiveServers.url(for: .scenario)
        let name = CacheLiveTests.unique("values")
        let provider = Self.provider()
        let target = ItemAPI.item(base: base, name: name, cacheControl: "max-age=0")

        let first = try await Self.collect(provider.values(target, as: Item.self))
        let second = try await Self.collect(provider.values(target, as: Item.self))

        #expect(first.map { $0.cacheOrigin?.kind } == [nil])
        #expect(second.map { $0.cacheOrigin?.kind } == [.hit, .revalidated])
        #expect(second.allSatisfy { $0.value.full == 1 })
        #expect(try await CacheLiveTests.stats(name, base: base) == .init(full: 1, conditional: 1, notModified: 1))
    }

    /// A mutation that names the item refreshes the live model of it, past its fresh stored answer.
    @Test(.requiresScenarioServer) @MainActor func aMutationRefreshesTheLiveValue() async throws {
        let base = try LiveServers.url(for: .scenario)
        let name = CacheLiveTests.unique("live")
        let provider = Self.provider()
        let item = RemoteValue(
            ItemAPI.item(base: base, name: name, cacheControl: "max-age=600"), as: Item.self, provider: provider)
        await item.load()
        #expect(item.value?.full == 1 && item.error == nil)

        let (changed, signal) = AsyncStream.makeStream(of: Void.self)
        withObservationTracking {
            _ = item.value
        } onChange: {
            signal.yield()
        }
        _ = try await provider.request(.touch(base: base, name: name))
        var changes = changed.makeAsyncIterator()
        _ = await changes.next()

        #expect(item.value?.full == 2)
    }

    #if os(Linux)
        /// The server goes away: the stored value comes again as the offline fallback, with the
        /// network's error, and the loop ends without throwing.
        @Test func offlineTheStoredValueStays() async throws {
            let server = try await CacheLiveServerProcess.scenario()
            let provider = Self.provider()
            let target = ItemAPI.item(base: server.baseURL, name: "offline", cacheControl: "max-age=0")
            _ = try await Self.collect(provider.values(target, as: Item.self))
            await server.stop()

            let values = try await Self.collect(provider.values(target, as: Item.self))

            #expect(values.map { $0.cacheOrigin?.kind } == [.hit, .offlineFallback])
            #expect(values.allSatisfy { $0.value.full == 1 })
            #expect(values.last?.networkError != nil && values.last?.isStale == true)
        }
    #endif
}
