import Courier
import Foundation
import Testing

/// One rule for what is a credential, the cache's too: an API key, a proxy's credentials or a
/// header the app names is a credential as `Authorization` is. Before, a request with `X-Api-Key`
/// was stored and answered a request with another key: tenant B read tenant A's data.
@Suite("Cache, live: credentials by one rule", .requiresScenarioServer)
struct CacheCredentialLiveTests {
    /// An hour-fresh item no other test asks for, read with `headers`.
    private func item(_ name: String, _ headers: [String: String]) throws -> CacheLiveTarget {
        CacheLiveTarget(
            baseURL: try LiveServers.url(for: .scenario), path: "/cache/item/\(name)", query: ["cc": "max-age=3600"],
            headers: headers)
    }

    private func provider(_ cache: HTTPCache, credentials: Set<String> = []) -> Provider<CacheLiveTarget> {
        var options = ProviderOptions()
        options.cache = cache
        options.credentialHeaderNames = credentials
        return Provider<CacheLiveTarget>(transport: TestTransport.make(), options: options)
    }

    @Test(
        "by default a credentialed read is neither stored nor served: each tenant reaches the server",
        arguments: [["X-Api-Key": "tenant-a"], ["Proxy-Authorization": "Basic YTpi"], ["X-Tenant": "a"]])
    func notServedByDefault(headers: [String: String]) async throws {
        let name = CacheLiveTests.unique("key")
        let provider = provider(HTTPCache(), credentials: ["x-TENANT"])
        let first = try await provider.request(try item(name, headers))
        let second = try await provider.request(try item(name, headers))
        #expect(first.cacheOrigin == nil && second.cacheOrigin == nil)
        #expect(try await CacheLiveTests.stats(name, base: try LiveServers.url(for: .scenario)).full == 2)
    }

    @Test(
        "stored when allowed, each key in its own partition: tenant B never reads tenant A's answer",
        arguments: ["X-Api-Key", "Proxy-Authorization", "X-Tenant"])
    func partitionedWhenAllowed(header: String) async throws {
        let name = CacheLiveTests.unique("tenant")
        let provider = provider(HTTPCache(storesCredentialedResponses: true), credentials: ["X-Tenant"])
        _ = try await provider.request(try item(name, [header: "a"]))
        let again = try await provider.request(try item(name, [header: "a"]))
        let other = try await provider.request(try item(name, [header: "b"]))
        #expect(again.cacheOrigin?.kind == .hit)
        #expect(other.cacheOrigin == nil, "B's read went to the server, not to A's stored answer")
        #expect(try await CacheLiveTests.stats(name, base: try LiveServers.url(for: .scenario)).full == 2)
    }
}
