import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The cache judges a request with the cookies its transport adds from its own storage: they are
/// credentials, and what `Vary: Cookie` compares.
@Suite("Cache sees the transport's cookies")
struct CacheTransportCookieTests {
    /// A transport with a cookie jar of one session cookie, answering `/me` with the user it names.
    final class Jar: CookieAddingTransport {
        let session = LockedState<String?>(nil)
        let sent = LockedState<[URLRequest]>([])

        func storedCookies(for request: URLRequest) -> String? {
            session.withLock { $0 }.map { "session=\($0)" }
        }

        /// A session that replaces the current one as the next request goes out, once.
        let switchTo = LockedState<String?>(nil)

        func send(_ request: TransportRequest) async throws -> TransportResponse {
            sent.withLock { $0.append(request.urlRequest) }
            let next = switchTo.withLock { value in
                defer { value = nil }
                return value
            }
            if let next { session.withLock { $0 = next } }
            let user = session.withLock { $0 } ?? "nobody"
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
        jar.session.withLock { $0 = "alice" }
        _ = try await provider.request(CoreTestTarget())
        jar.session.withLock { $0 = "bob" }
        let bob = try await provider.request(CoreTestTarget())
        #expect(bob.data == Data("bob".utf8) && bob.cacheOrigin == nil)
        #expect(cache.metrics.memoryEntries == 0)
        // The cache judges the cookie; it never sends it itself (the transport adds it once).
        #expect(jar.sent.withLock { $0 }.allSatisfy { $0.value(forHTTPHeaderField: "Cookie") == nil })
    }

    @Test func eachCookieSessionHasItsPartitionWhenAllowed() async throws {
        let jar = Jar()
        let provider = Self.provider(jar, cache: HTTPCache(storesCredentialedResponses: true))
        jar.session.withLock { $0 = "alice" }
        _ = try await provider.request(CoreTestTarget())
        let again = try await provider.request(CoreTestTarget())
        jar.session.withLock { $0 = "bob" }
        let bob = try await provider.request(CoreTestTarget())
        jar.session.withLock { $0 = "alice" }
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
        jar.session.withLock { $0 = "alice" }
        jar.switchTo.withLock { $0 = "bob" }
        let first = try await provider.request(CoreTestTarget())
        #expect(first.data == Data("bob".utf8))
        #expect(cache.metrics.memoryEntries == 0)
        jar.session.withLock { $0 = "alice" }
        let alice = try await provider.request(CoreTestTarget())
        #expect(alice.cacheOrigin == nil && alice.data == Data("alice".utf8))
    }

    /// The request's own `Cookie` comes first, the transport's after, as the native transport writes them.
    @Test func theJudgedRequestCarriesBothCookies() {
        let jar = Jar()
        jar.session.withLock { $0 = "alice" }
        var request = URLRequest(url: URL(string: "https://api.example.com/me")!)
        request.setValue("theme=dark", forHTTPHeaderField: "Cookie")
        #expect(request.addingCookies(of: jar).value(forHTTPHeaderField: "Cookie") == "theme=dark; session=alice")
        #expect(request.addingCookies(of: ScriptedTransport(status: 200)) == request)
    }
}
