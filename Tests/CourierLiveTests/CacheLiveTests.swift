import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Any URL as a target, so a live test can call httpbin's and the scenario server's paths.
struct CacheLiveTarget: TargetType, CachePolicyConfigurable {
    var baseURL: URL
    var path: String
    var query: [String: String] = [:]
    var headers: [String: String]?
    var method: HTTPMethod = .get
    var cachePolicy: CachePolicy?
    var task: RequestTask {
        query.isEmpty ? .requestPlain : .requestParameters(parameters: query, encoding: URLEncoding.queryString)
    }
}

/// The cache against real servers on loopback, through the transport `COURIER_TEST_TRANSPORT` selects.
@Suite("Cache, live")
struct CacheLiveTests {
    static func provider(_ cache: HTTPCache = HTTPCache()) -> Provider<CacheLiveTarget> {
        var options = ProviderOptions()
        options.cache = cache
        return Provider<CacheLiveTarget>(transport: TestTransport.make(), options: options)
    }

    /// A name of the scenario server's cache routes that no other test uses.
    static func unique(_ label: String) -> String { "\(label)-\(UUID().uuidString.prefix(8))" }

    struct Stats: Decodable, Equatable {
        let full: Int
        let conditional: Int
        let notModified: Int
    }

    static func stats(_ name: String, base: URL) async throws -> Stats {
        try await Provider<CacheLiveTarget>(transport: TestTransport.make())
            .request(CacheLiveTarget(baseURL: base, path: "/cache/stats/\(name)"), as: Stats.self)
    }

    @Test(.requiresHttpbin) func httpbinMaxAgeIsAHit() async throws {
        let base = try LiveServers.url(for: .httpbin)
        let cache = HTTPCache()
        let provider = Self.provider(cache)
        let first = try await provider.request(CacheLiveTarget(baseURL: base, path: "/cache/60"))
        let second = try await provider.request(CacheLiveTarget(baseURL: base, path: "/cache/60"))
        #expect(first.cacheOrigin == nil)
        #expect(second.cacheOrigin?.kind == .hit && second.data == first.data)
        #expect(cache.metrics.hits == 1 && cache.metrics.misses == 1)
    }

    /// httpbin's `/cache` sends `Last-Modified` and `ETag` and answers a conditional request with `304`.
    @Test(.requiresHttpbin) func httpbinCacheRevalidatesWith304() async throws {
        let base = try LiveServers.url(for: .httpbin)
        let cache = HTTPCache()
        let provider = Self.provider(cache)
        let first = try await provider.request(CacheLiveTarget(baseURL: base, path: "/cache"))
        let second = try await provider.request(CacheLiveTarget(baseURL: base, path: "/cache"))
        #expect(second.cacheOrigin?.kind == .revalidated)
        #expect(second.statusCode == 200 && second.data == first.data)
        #expect(cache.metrics.revalidations == 1)
    }

    @Test(.requiresHttpbin) func httpbinETagRevalidates() async throws {
        let base = try LiveServers.url(for: .httpbin)
        let provider = Self.provider()
        let target = CacheLiveTarget(baseURL: base, path: "/etag/courier-v1")
        _ = try await provider.request(target)
        let second = try await provider.request(target)
        #expect(second.cacheOrigin?.kind == .revalidated && second.statusCode == 200)
    }

    @Test(.requiresHttpbin) func httpbinResponseHeadersNoStoreAndMaxAge() async throws {
        let base = try LiveServers.url(for: .httpbin)
        let provider = Self.provider()
        let stored = CacheLiveTarget(baseURL: base, path: "/response-headers", query: ["Cache-Control": "max-age=60"])
        _ = try await provider.request(stored)
        #expect(try await provider.request(stored).cacheOrigin?.kind == .hit)
        let refused = CacheLiveTarget(baseURL: base, path: "/response-headers", query: ["Cache-Control": "no-store"])
        _ = try await provider.request(refused)
        #expect(try await provider.request(refused).cacheOrigin == nil)
    }

    @Test(.requiresScenarioServer) func varyKeepsLanguagesApart() async throws {
        let base = try LiveServers.url(for: .scenario)
        let name = Self.unique("vary")
        let provider = Self.provider()
        func target(_ language: String) -> CacheLiveTarget {
            CacheLiveTarget(
                baseURL: base, path: "/cache/item/\(name)", query: ["cc": "max-age=60", "vary": "Accept-Language"],
                headers: ["Accept-Language": language])
        }
        _ = try await provider.request(target("en"))
        #expect(try await provider.request(target("en")).cacheOrigin?.kind == .hit)
        #expect(try await provider.request(target("fr")).cacheOrigin == nil)
        #expect(try await Self.stats(name, base: base).full == 2)
    }

    /// An `Age` past `max-age` makes the answer stale on arrival.
    @Test(.requiresScenarioServer) func anOldAgeIsStaleOnArrival() async throws {
        let base = try LiveServers.url(for: .scenario)
        let name = Self.unique("age")
        let provider = Self.provider()
        let target = CacheLiveTarget(
            baseURL: base, path: "/cache/item/\(name)", query: ["cc": "max-age=60", "age": "100", "etag": "a"])
        _ = try await provider.request(target)
        #expect(try await provider.request(target).cacheOrigin?.kind == .revalidated)
        #expect(try await Self.stats(name, base: base) == Stats(full: 1, conditional: 1, notModified: 1))
    }

    @Test(.requiresScenarioServer) func staleIfErrorAnswersWhileTheServerFails() async throws {
        let base = try LiveServers.url(for: .scenario)
        let name = Self.unique("sie")
        let provider = Self.provider()
        let target = CacheLiveTarget(
            baseURL: base, path: "/cache/item/\(name)", query: ["cc": "max-age=0, stale-if-error=600"])
        let first = try await provider.request(target)
        _ = try await provider.request(
            CacheLiveTarget(baseURL: base, path: "/cache/fail/\(name)", query: ["status": "503"]))
        let answer = try await provider.request(target)
        #expect(answer.cacheOrigin?.kind == .staleIfError && answer.data == first.data)
    }

    @Test(.requiresScenarioServer) func aPostInvalidatesTheStoredGet() async throws {
        let base = try LiveServers.url(for: .scenario)
        let name = Self.unique("post")
        let provider = Self.provider()
        let get = CacheLiveTarget(baseURL: base, path: "/cache/item/\(name)", query: ["cc": "max-age=60"])
        _ = try await provider.request(get)
        #expect(try await provider.request(get).cacheOrigin?.kind == .hit)
        var post = get
        post.method = .post
        _ = try await provider.request(post)
        #expect(try await provider.request(get).cacheOrigin == nil)
        #expect(try await Self.stats(name, base: base).full == 2)
    }

    #if os(Linux)
        /// The offline fallback with a real server switched off in the middle of the test.
        @Test func offlineFallbackWhenTheServerIsGone() async throws {
            let server = try await CacheLiveServerProcess.scenario()
            let cache = HTTPCache(defaultPolicy: .useProtocol.fallingBackWhenOffline())
            let provider = Self.provider(cache)
            let target = CacheLiveTarget(
                baseURL: server.baseURL, path: "/cache/item/offline", query: ["cc": "max-age=0", "etag": "x"])
            let first = try await provider.request(target)
            #expect(first.cacheOrigin == nil)
            await server.stop()
            let offline = try await provider.request(target)
            #expect(offline.cacheOrigin?.kind == .offlineFallback && offline.cacheOrigin?.isStale == true)
            #expect(offline.data == first.data)
            var strict = target
            strict.cachePolicy = .useProtocol
            await #expect(throws: CourierError.self) { try await provider.request(strict) }
        }

        /// nginx's static files: `ETag` and `Last-Modified`. A file changed long ago is fresh by the
        /// heuristic of RFC 9111 §4.2.2 (a tenth of its age); one whose `Last-Modified` is not in the
        /// past has no such lifetime and is revalidated with `304`.
        @Test func nginxStaticFilesUseHeuristicsAndRevalidate() async throws {
            let body = Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0) })
            let files = ["old.bin": (body, -10_000.0), "new.bin": (body, 3_600.0)]
            guard let server = try await CacheLiveServerProcess.nginx(serving: files) else {
                print("nginxStaticFilesUseHeuristicsAndRevalidate: skipped, nginx is not installed")
                return
            }
            let cache = HTTPCache()
            let provider = Self.provider(cache)
            let old = CacheLiveTarget(baseURL: server.baseURL, path: "/old.bin")
            let new = CacheLiveTarget(baseURL: server.baseURL, path: "/new.bin")
            let first = try await provider.request(new)
            let second = try await provider.request(new)
            _ = try await provider.request(old)
            let heuristic = try await provider.request(old)
            await server.stop()
            #expect(first.data == body && first.value(forHTTPHeaderField: "ETag") != nil)
            #expect(second.data == body && second.cacheOrigin?.kind == .revalidated)
            #expect(heuristic.data == body && heuristic.cacheOrigin?.kind == .hit)
        }
    #endif
}
