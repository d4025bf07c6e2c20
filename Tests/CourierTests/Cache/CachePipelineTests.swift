import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The cache inside a provider's pipeline, against an in-memory server.
@Suite("Cache in the pipeline")
struct CachePipelineTests {
    /// An origin server in memory: answers with `headers` and a body counting the full answers.
    final class Origin: Sendable {
        struct State {
            var headers: [String: String] = ["Cache-Control": "max-age=60"]
            var full = 0
            var failure: URLError?
            var status = 200
        }
        let state = LockedState(State())
        let transport: ScriptedTransport

        init() {
            let state = self.state
            transport = ScriptedTransport { request in
                let now = state.withLock { $0 }
                if let failure = now.failure { throw failure }
                let etag = now.headers["ETag"]
                if let etag, request.urlRequest.value(forHTTPHeaderField: "If-None-Match") == etag {
                    return TransportResponse(
                        response: .make(for: request.urlRequest, status: 304, headers: ["X-Seen": "304"]))
                }
                let count = state.withLock { state -> Int in
                    state.full += 1
                    return state.full
                }
                let body = Data(#"{"n":\#(count)}"#.utf8)
                return TransportResponse(
                    response: .make(for: request.urlRequest, status: now.status, headers: now.headers), data: body)
            }
        }

        func set(_ change: (inout State) -> Void) { state.withLock(change) }
        var sent: [URLRequest] { transport.requests.map(\.urlRequest) }
    }

    struct Counted: Decodable, Equatable { let n: Int }

    static func provider(
        _ origin: Origin, cache: HTTPCache = HTTPCache(), plugins: [any PluginType] = []
    ) -> Provider<CoreTestTarget> {
        var options = ProviderOptions()
        options.cache = cache
        return Provider<CoreTestTarget>(transport: origin.transport, plugins: plugins, options: options)
    }

    @Test func aFreshAnswerIsServedWithoutTheNetwork() async throws {
        let origin = Origin()
        let cache = HTTPCache()
        let provider = Self.provider(origin, cache: cache)
        let first = try await provider.request(CoreTestTarget())
        let second = try await provider.request(CoreTestTarget())
        let decoded = try await provider.request(CoreTestTarget(), as: Counted.self)
        #expect(origin.sent.count == 1)
        #expect(first.cacheOrigin == nil)
        #expect(second.cacheOrigin?.kind == .hit && second.cacheOrigin?.isStale == false)
        #expect(second.data == first.data && decoded == Counted(n: 1))
        // A served copy says how old it is, in whole seconds (§4); a loaded machine may take one.
        #expect(second.value(forHTTPHeaderField: "Age").flatMap { Int($0) }.map { $0 >= 0 && $0 < 60 } == true)
        #expect(cache.metrics.hits == 2 && cache.metrics.misses == 1)
    }

    @Test func aStaleAnswerIsRevalidatedAndA304AnswersWithTheStoredBody() async throws {
        let origin = Origin()
        origin.set { $0.headers = ["Cache-Control": "max-age=0", "ETag": "\"v1\""] }
        let cache = HTTPCache()
        let provider = Self.provider(origin, cache: cache)
        _ = try await provider.request(CoreTestTarget())
        let second = try await provider.request(CoreTestTarget())
        #expect(origin.sent.count == 2)
        #expect(origin.sent[1].value(forHTTPHeaderField: "If-None-Match") == "\"v1\"")
        #expect(second.statusCode == 200 && second.data == Data(#"{"n":1}"#.utf8))
        #expect(second.cacheOrigin?.kind == .revalidated)
        // The server just confirmed it: not stale, however short its lifetime.
        #expect(second.cacheOrigin?.isStale == false)
        #expect(second.value(forHTTPHeaderField: "X-Seen") == "304")
        #expect(second.request?.value(forHTTPHeaderField: "If-None-Match") == nil)
        #expect(cache.metrics.revalidations == 1)
    }

    @Test func aDifferentVaryHeaderIsAMiss() async throws {
        let origin = Origin()
        origin.set { $0.headers = ["Cache-Control": "max-age=60", "Vary": "Accept-Language"] }
        let provider = Self.provider(origin)
        _ = try await provider.request(CoreTestTarget(headers: ["Accept-Language": "en"]))
        let same = try await provider.request(CoreTestTarget(headers: ["Accept-Language": "en"]))
        let other = try await provider.request(CoreTestTarget(headers: ["Accept-Language": "fr"]))
        #expect(same.cacheOrigin?.kind == .hit)
        #expect(other.cacheOrigin == nil)
        #expect(origin.sent.count == 2)
    }

    @Test func anUnsafeMethodInvalidatesTheURL() async throws {
        let origin = Origin()
        let provider = Self.provider(origin)
        _ = try await provider.request(CoreTestTarget())
        _ = try await provider.request(CoreTestTarget(method: .post))
        let after = try await provider.request(CoreTestTarget())
        #expect(after.cacheOrigin == nil)
        #expect(origin.sent.count == 3)
    }

    @Test func noStoreIsNeverStored() async throws {
        let origin = Origin()
        origin.set { $0.headers = ["Cache-Control": "no-store, max-age=60"] }
        let cache = HTTPCache()
        let provider = Self.provider(origin, cache: cache)
        _ = try await provider.request(CoreTestTarget())
        _ = try await provider.request(CoreTestTarget())
        #expect(origin.sent.count == 2 && cache.metrics.memoryEntries == 0)
    }

    @Test func responsesToCredentialedRequestsAreKeptOnlyWhenAllowedAndApart() async throws {
        let origin = Origin()
        let alice = CoreTestTarget(headers: ["Authorization": "Bearer alice"])
        let bob = CoreTestTarget(headers: ["Authorization": "Bearer bob"])
        let refusing = Self.provider(origin)
        _ = try await refusing.request(alice)
        #expect(try await refusing.request(alice).cacheOrigin == nil)

        let allowing = Self.provider(origin, cache: HTTPCache(storesCredentialedResponses: true))
        let aliceFirst = try await allowing.request(alice)
        #expect(try await allowing.request(alice).data == aliceFirst.data)
        let bobFirst = try await allowing.request(bob)
        #expect(bobFirst.cacheOrigin == nil && bobFirst.data != aliceFirst.data)
    }

    @Test func policiesChooseWhereTheAnswerComesFrom() async throws {
        let origin = Origin()
        origin.set { $0.headers = ["Cache-Control": "max-age=0"] }
        let cacheOnly = Self.provider(origin, cache: HTTPCache(defaultPolicy: .cacheOnly))
        await #expect(throws: CourierError.self) { try await cacheOnly.request(CoreTestTarget()) }
        #expect(origin.sent.isEmpty)

        let cache = HTTPCache(defaultPolicy: .returnCacheElseLoad)
        let elseLoad = Self.provider(origin, cache: cache)
        _ = try await elseLoad.request(CoreTestTarget())
        let stale = try await elseLoad.request(CoreTestTarget())
        #expect(stale.cacheOrigin?.kind == .hit && stale.cacheOrigin?.isStale == true)
        #expect(origin.sent.count == 1)

        let reload = Self.provider(origin, cache: HTTPCache(defaultPolicy: .reloadIgnoringCache))
        origin.set { $0.headers = ["Cache-Control": "max-age=600"] }
        _ = try await reload.request(CoreTestTarget())
        _ = try await reload.request(CoreTestTarget())
        #expect(origin.sent.count == 3)
    }

    @Test func aTargetsOwnPolicyWins() async throws {
        struct Offline: TargetType, CachePolicyConfigurable {
            var baseURL: URL { URL(string: "https://api.example.com")! }
            var path: String { "/offline" }
            var method: HTTPMethod { .get }
            var task: RequestTask { .requestPlain }
            var cachePolicy: CachePolicy? { .cacheOnly }
        }
        let origin = Origin()
        var options = ProviderOptions()
        options.cache = HTTPCache()
        let provider = Provider<Offline>(transport: origin.transport, options: options)
        await #expect(throws: CourierError.self) { try await provider.request(Offline()) }
        #expect(origin.sent.isEmpty)
    }

    @Test func removingATargetsResponsesMakesTheNextCallAMiss() async throws {
        let origin = Origin()
        let provider = Self.provider(origin)
        _ = try await provider.request(CoreTestTarget())
        provider.removeCachedResponses(for: CoreTestTarget())
        #expect(try await provider.request(CoreTestTarget()).cacheOrigin == nil)
    }

    @Test func staleIfErrorAnswersA5xxWithTheStoredResponse() async throws {
        let origin = Origin()
        origin.set { $0.headers = ["Cache-Control": "max-age=0, stale-if-error=600"] }
        let provider = Self.provider(origin)
        _ = try await provider.request(CoreTestTarget())
        origin.set { $0.status = 503 }
        let answer = try await provider.request(CoreTestTarget())
        #expect(answer.statusCode == 200 && answer.cacheOrigin?.kind == .staleIfError)
    }

    /// A test's stubs answer as registered: a `StubTransport` is not cached in front of.
    @Test func aStubAnsweringTransportBypassesTheCache() async throws {
        final class Stubs: StubAnsweringTransport {
            let origin = Origin()
            func send(_ request: TransportRequest) async throws -> TransportResponse {
                try await origin.transport.send(request)
            }
        }
        let stubs = Stubs()
        var options = ProviderOptions()
        options.cache = HTTPCache()
        let provider = Provider<CoreTestTarget>(transport: stubs, options: options)
        _ = try await provider.request(CoreTestTarget())
        #expect(try await provider.request(CoreTestTarget()).cacheOrigin == nil)
        #expect(stubs.origin.sent.count == 2)
    }
}
