import Courier
import CourierPlugins
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An expired-session answer from any target of the account's API ends the session, a public one
/// included: it sent no token, so a refresh cannot help it, but the app must still hear of it.
@Suite("Token refresh: public targets")
struct TokenRefreshPublicTargetTests {
    @Test("a public call answered expired runs onSessionExpired once, without a refresh, and ends the session")
    func publicExpiryEndsTheSession() async throws {
        let server = AuthServerTransport(currentToken: "tok-1")
        let store = TokenStore(credential: AuthCredential(accessToken: "tok-1", refreshToken: "r"))
        let refresher = RefreshCounter(server: server)
        let expired = CallCounter()
        let plugin = TokenRefreshPlugin(
            store: store, refresh: { try await refresher.refresh($0) }, onSessionExpired: { expired.increment() })
        let provider = Provider<AccountAPI>(transport: server, plugins: [plugin])

        await #expect {
            try await provider.request(.publicNews)
        } throws: { error in
            if case .sessionExpired = error as? CourierError { return true }
            return false
        }
        #expect(expired.count == 1)
        #expect(refresher.refreshes == 0, "a token the call did not send cannot be the problem")
        #expect(server.seenTokens == [nil], "the public call is not replayed")
        #expect(await store.credential == nil, "the session is over")

        // A second public expiry, and an authorized call with no credential left, report nothing more.
        await #expect(throws: CourierError.self) { try await provider.request(.publicNews) }
        await #expect(throws: CourierError.self) { try await provider.request(.me) }
        #expect(expired.count == 1)
        #expect(refresher.refreshes == 0)

        // After a login, the next expiry is reported again.
        await store.update(AuthCredential(accessToken: "tok-1", refreshToken: "r"))
        #expect(try await provider.request(.me).statusCode == 200)
        await #expect(throws: CourierError.self) { try await provider.request(.publicNews) }
        #expect(expired.count == 2)
    }
}
