import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The cache sits below the chain's cookie link: it judges a request with the cookies the chain
/// adds from the transport's storage (credentials, and what `Vary: Cookie` compares), as sent.
@Suite("Cache sees the storage's cookies")
struct CacheTransportCookieTests {
    /// A transport whose cookie storage holds one session cookie, answering `/me` with the user
    /// its request's cookie names.
    final class Jar: HopSettingsTransport {
        let cookies = SessionCookieStorage()
        let sent = LockedState<[URLRequest]>([])

        var session: String? {
            get { cookies.session }
            set { cookies.session = newValue }
        }

        var redirectRules: RedirectRules { .standard }

        func cookieStorage(for request: URLRequest) -> HTTPCookieStorage? {
            cookies.storage
        }

        /// A session that replaces the current one as the next request goes out, once.
        let switchTo = LockedState<String?>(nil)

        func send(_ request: TransportRequest) async throws -> TransportResponse {
            sent.withLock { $0.append(request.urlRequest) }
            let next = switchTo.withLock { value in
                defer { value = nil }
                return value
            }
            if let next { cookies.session = next }
            let user = cookies.session ?? "nobody"
            let headers = ["Cache-Control": "private, max-age=600", "Vary": "Cookie"]
            return TransportResponse(
                response: .make(for: request.urlRequest, status: 200, headers: headers), data: Data(user.utf8))
        }
    }

    static func provider(_ jar: Jar, cache: HTTPCache) -> Provider<CoreTestTarget> {
        var options = ProviderOptions()
        options.cache = cache
        return Provider<CoreTestTarget>(transport: jar, options: options)
    }

    @Test func aCookieTheTransportAddsIsACredential() async throws {
        let jar = Jar()
        let cache = HTTPCache()
        let provider = Self.provider(jar, cache: cache)
        jar.session = "alice"
        _ = try await provider.request(CoreTestTarget())
        jar.session = "bob"
        let bob = try await provider.request(CoreTestTarget())
        #expect(bob.data == Data("bob".utf8) && bob.cacheOrigin == nil)
        #expect(cache.metrics.memoryEntries == 0)
        // Each request carries its own session's cookie, once: none is doubled or replayed.
        let cookies = jar.sent.withLock { $0 }.map { $0.value(forHTTPHeaderField: "Cookie") }
        #expect(cookies == ["session=alice", "session=bob"])
    }

    @Test func eachCookieSessionHasItsPartitionWhenAllowed() async throws {
        let jar = Jar()
        let provider = Self.provider(jar, cache: HTTPCache(storesCredentialedResponses: true))
        jar.session = "alice"
        _ = try await provider.request(CoreTestTarget())
        let again = try await provider.request(CoreTestTarget())
        jar.session = "bob"
        let bob = try await provider.request(CoreTestTarget())
        jar.session = "alice"
        let aliceAgain = try await provider.request(CoreTestTarget())
        #expect(again.cacheOrigin?.kind == .hit && again.data == Data("alice".utf8))
        #expect(bob.cacheOrigin == nil && bob.data == Data("bob".utf8))
        #expect(aliceAgain.cacheOrigin?.kind == .hit && aliceAgain.data == Data("alice".utf8))
    }

    /// A login that completes while a call is on its way changes the cookie the transport sends
    /// after the cache judged the request: that answer may be the new session's, and is not stored.
    @Test func anAnswerIsNotStoredWhenTheCookiesChangedOnItsWay() async throws {
        let jar = Jar()
        let cache = HTTPCache(storesCredentialedResponses: true)
        let provider = Self.provider(jar, cache: cache)
        jar.session = "alice"
        jar.switchTo.withLock { $0 = "bob" }
        let first = try await provider.request(CoreTestTarget())
        #expect(first.data == Data("bob".utf8))
        #expect(cache.metrics.memoryEntries == 0)
        jar.session = "alice"
        let alice = try await provider.request(CoreTestTarget())
        #expect(alice.cacheOrigin == nil && alice.data == Data("alice".utf8))
    }

    /// The request's own `Cookie` comes first, the storage's after.
    @Test func theJudgedRequestCarriesBothCookies() {
        let jar = Jar()
        jar.session = "alice"
        var request = URLRequest(url: URL(string: "https://api.example.com/me")!)
        request.setValue("theme=dark", forHTTPHeaderField: "Cookie")
        let sent = HopCookies.adding(from: jar.cookies.storage, to: request)
        #expect(sent.value(forHTTPHeaderField: "Cookie") == "theme=dark; session=alice")
        #expect(HopCookies.adding(from: nil, to: request) == request)
    }
}
