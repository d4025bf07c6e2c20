import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The transport follows redirects below the cache: an answer that came from another URL than the
/// one asked for is not stored under it, and keeps its own URL.
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
}
