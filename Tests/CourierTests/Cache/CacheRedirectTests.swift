import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The provider's chain follows redirects above the cache, which stores each hop under its own URL;
/// a transport of the app's that follows redirects itself gets an answer from another URL than the
/// one asked for, which is not stored under it, and keeps its own URL.
@Suite("Cache and redirects")
struct CacheRedirectTests {
    /// The transport followed `A → B`: B's answer, fresh for an hour, is not stored under A, and
    /// it keeps B's URL.
    @Test func aRedirectedAnswerIsNotStoredUnderTheRequestedURL() async throws {
        let final = URL(string: "https://api.example.com/v1/elsewhere")!
        let transport = ScriptedTransport { _ in
            TransportResponse(
                response: .make(url: final, status: 200, headers: ["Cache-Control": "max-age=3600"]),
                data: Data("B".utf8))
        }
        let cache = HTTPCache()
        var options = ProviderOptions()
        options.cache = cache
        let provider = Provider<CoreTestTarget>(transport: transport, options: options)
        let first = try await provider.request(CoreTestTarget())
        let second = try await provider.request(CoreTestTarget())
        #expect(transport.requests.count == 2)
        #expect(first.response?.url == final && second.response?.url == final)
        #expect(second.cacheOrigin == nil && cache.metrics.memoryEntries == 0)
    }

    /// The cache's validators followed a redirect to another resource, which answered `304`: that
    /// confirms nothing about the stored answer, so the request goes again without them.
    @Test func aRedirected304IsNotARevalidation() async throws {
        let elsewhere = URL(string: "https://api.example.com/v1/elsewhere")!
        let transport = ScriptedTransport { request in
            if request.urlRequest.value(forHTTPHeaderField: "If-None-Match") != nil {
                return TransportResponse(response: .make(url: elsewhere, status: 304))
            }
            let headers = ["Cache-Control": "max-age=0", "ETag": "\"a\""]
            return TransportResponse(
                response: .make(for: request.urlRequest, status: 200, headers: headers), data: Data("A".utf8))
        }
        var options = ProviderOptions()
        options.cache = HTTPCache()
        let provider = Provider<CoreTestTarget>(transport: transport, options: options)
        _ = try await provider.request(CoreTestTarget())
        let second = try await provider.request(CoreTestTarget())
        #expect(transport.requests.count == 3)
        #expect(transport.requests.last?.urlRequest.value(forHTTPHeaderField: "If-None-Match") == nil)
        #expect(second.statusCode == 200 && second.data == Data("A".utf8) && second.cacheOrigin == nil)
    }

    /// The chain followed `A → 301 → B`: each hop is stored under its own URL (A's `301` and B's
    /// `200`, both fresh for an hour), so the second call is answered from the cache hop by hop,
    /// and A's entry holds A's own answer, never B's.
    @Test func eachHopIsStoredUnderItsOwnURL() async throws {
        let first = URL(string: "https://api.example.com/v1/items")!
        let final = URL(string: "https://api.example.com/v1/elsewhere")!
        let transport = ScriptedTransport { request in
            let fresh = ["Cache-Control": "max-age=3600"]
            if request.urlRequest.url == first {
                return TransportResponse(
                    response: .make(
                        url: first, status: 301, headers: fresh.merging(["Location": "elsewhere"]) { a, _ in a }))
            }
            return TransportResponse(response: .make(url: final, status: 200, headers: fresh), data: Data("B".utf8))
        }
        let cache = HTTPCache()
        var options = ProviderOptions()
        options.cache = cache
        let provider = Provider<CoreTestTarget>(transport: transport, options: options)
        let answer = try await provider.request(CoreTestTarget())
        let again = try await provider.request(CoreTestTarget())
        #expect(transport.requests.map(\.urlRequest.url) == [first, final])
        #expect(answer.data == Data("B".utf8) && answer.response?.url == final && answer.cacheOrigin == nil)
        #expect(again.data == Data("B".utf8) && again.response?.url == final && again.cacheOrigin?.kind == .hit)
        #expect(cache.metrics.memoryEntries == 2)
        let stored = await cache.lookup(
            try #require(CacheKey(URLRequest(url: first))), matching: URLRequest(url: first))
        #expect(stored?.status == 301)
    }

    /// A `302` without a lifetime is not stored: the next call asks A again, and B's answer is a
    /// hit under B.
    @Test func aRedirectWithoutLifetimeIsAskedAgainAndTheTargetIsAHit() async throws {
        let first = URL(string: "https://api.example.com/v1/items")!
        let final = URL(string: "https://api.example.com/v1/elsewhere")!
        let transport = ScriptedTransport { request in
            if request.urlRequest.url == first {
                return TransportResponse(response: .make(url: first, status: 302, headers: ["Location": "elsewhere"]))
            }
            return TransportResponse(
                response: .make(url: final, status: 200, headers: ["Cache-Control": "max-age=3600"]),
                data: Data("B".utf8))
        }
        var options = ProviderOptions()
        options.cache = HTTPCache()
        let provider = Provider<CoreTestTarget>(transport: transport, options: options)
        _ = try await provider.request(CoreTestTarget())
        let again = try await provider.request(CoreTestTarget())
        #expect(transport.requests.map(\.urlRequest.url) == [first, final, first])
        #expect(again.cacheOrigin?.kind == .hit && again.response?.url == final)
    }
}
