import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The cache keeps one user's answers from the next, against the scenario server, through the
/// transport `COURIER_TEST_TRANSPORT` selects: the session cookie is one the provider's chain adds
/// from the transport's cookie storage, above the cache, as an app that logs in through a
/// `Set-Cookie` gets it.
@Suite("Cache keeps sessions apart, live")
struct CacheSessionLiveTests {
    struct Me: Decodable, Equatable {
        let user: String?
        let full: Int
    }

    /// One device: one provider, one transport, so one cookie storage for alice and then bob.
    struct Device {
        let provider: Provider<CacheLiveTarget>
        let base: URL
        let name: String

        init(_ cache: HTTPCache) throws {
            base = try LiveServers.url(for: .scenario)
            name = CacheLiveTests.unique("me")
            provider = CacheLiveTests.provider(cache)
        }

        func logIn(_ user: String) async throws {
            _ = try await provider.request(
                CacheLiveTarget(baseURL: base, path: "/cache/login/\(name)", query: ["user": user]))
        }

        func me() async throws -> (Response, Me) {
            let response = try await provider.request(CacheLiveTarget(baseURL: base, path: "/cache/me/\(name)"))
            return (response, try JSONDecoder().decode(Me.self, from: response.data))
        }
    }

    /// Alice reads `/me` (`private, max-age=600, Vary: Cookie`), then bob logs in on the same
    /// device: by default an answer to a cookie-carrying request is not stored at all.
    @Test(.requiresScenarioServer) func aCookieSessionIsNotStoredByDefault() async throws {
        let device = try Device(HTTPCache())
        try await device.logIn("alice")
        let (_, alice) = try await device.me()
        try await device.logIn("bob")
        let (response, bob) = try await device.me()
        #expect(alice.user == "alice")
        #expect(bob.user == "bob" && response.cacheOrigin == nil)
        #expect(try await CacheLiveTests.stats(device.name, base: device.base).full == 2)
    }

    /// With `storesCredentialedResponses`, each cookie session has its partition: alice's second
    /// read is a hit without her `Set-Cookie`, and bob's first read is his own.
    @Test(.requiresScenarioServer) func cookieSessionsArePartitionedWhenAllowed() async throws {
        let device = try Device(HTTPCache(storesCredentialedResponses: true))
        try await device.logIn("alice")
        let (first, alice) = try await device.me()
        let (hit, again) = try await device.me()
        try await device.logIn("bob")
        let (response, bob) = try await device.me()
        #expect(first.value(forHTTPHeaderField: "Set-Cookie")?.contains("SECRET-alice") == true)
        #expect(hit.cacheOrigin?.kind == .hit && again == alice)
        #expect(hit.value(forHTTPHeaderField: "Set-Cookie") == nil)
        #expect(bob.user == "bob" && response.cacheOrigin == nil)
    }

    /// `A → 302 → B` with B fresh for an hour: the cache sits below the provider's redirects, so
    /// each hop is stored under its own URL. A's `302` (no lifetime) is asked again each time, and
    /// B's answer is a hit under B, never stored under A (A's server may point elsewhere tomorrow);
    /// the response keeps B's URL.
    @Test(.requiresScenarioServer) func eachHopIsStoredUnderItsOwnURL() async throws {
        let base = try LiveServers.url(for: .scenario)
        let hop = CacheLiveTests.unique("hop")
        let item = CacheLiveTests.unique("item")
        let provider = CacheLiveTests.provider()
        let target = CacheLiveTarget(
            baseURL: base, path: "/cache/hop/\(hop)", query: ["to": "/cache/item/\(item)?cc=max-age=3600"])
        let first = try await provider.request(target)
        let second = try await provider.request(target)
        #expect(first.response?.url?.path == "/cache/item/\(item)" && first.cacheOrigin == nil)
        #expect(second.cacheOrigin?.kind == .hit && second.response?.url?.path == "/cache/item/\(item)")
        #expect(try await CacheLiveTests.stats(hop, base: base).full == 2)
        #expect(try await CacheLiveTests.stats(item, base: base).full == 1)
    }
}
