import Courier
import CourierPlugins
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Token refresh")
struct TokenRefreshPluginTests {
    private func makeProvider(
        server: AuthServerTransport, store: TokenStore, refresher: RefreshCounter,
        window: RefreshWindow = RefreshWindow(), leeway: TimeInterval? = nil, expired: CallCounter = CallCounter()
    ) -> Provider<AccountAPI> {
        let plugin = TokenRefreshPlugin(
            store: store, window: window, proactiveRefreshLeeway: leeway,
            refresh: { try await refresher.refresh($0) }, onSessionExpired: { expired.increment() })
        return Provider<AccountAPI>(transport: server, plugins: [plugin])
    }

    @Test("twenty calls failing at once share one refresh and are all replayed with the new token")
    func singleFlight() async throws {
        let server = AuthServerTransport(currentToken: "tok-rotated")
        let store = TokenStore(credential: AuthCredential(accessToken: "tok-old", refreshToken: "ref-old"))
        let refresher = RefreshCounter(server: server)
        let provider = makeProvider(server: server, store: store, refresher: refresher)

        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<20 { group.addTask { try await provider.request(.me).statusCode } }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }

        #expect(statuses == Array(repeating: 200, count: 20))
        #expect(refresher.refreshes == 1)
        let seen = server.seenTokens
        #expect(seen.filter { $0 == "tok-new-1" }.count == 20)
        #expect(seen.allSatisfy { $0 == "tok-old" || $0 == "tok-new-1" })
        #expect(await store.accessToken == "tok-new-1")
    }

    @Test("a call that starts while a refresh runs waits for it instead of sending the stale token")
    func waitsForRunningRefresh() async throws {
        let server = AuthServerTransport(currentToken: "tok-rotated")
        let store = TokenStore(credential: AuthCredential(accessToken: "tok-old", refreshToken: "ref-old"))
        let refresher = RefreshCounter(server: server)
        let provider = makeProvider(server: server, store: store, refresher: refresher)

        async let first = provider.request(.me)
        async let later = withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<5 { group.addTask { try await provider.request(.me).statusCode } }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        let (firstStatus, laterStatuses) = try await (first.statusCode, later)

        #expect(firstStatus == 200)
        #expect(laterStatuses == [200, 200, 200, 200, 200])
        #expect(refresher.refreshes == 1)
        // Every request after the refresh carries the new token; stale ones only precede it.
        let seen = server.seenTokens
        if let firstNew = seen.firstIndex(of: "tok-new-1") {
            #expect(seen[firstNew...].allSatisfy { $0 == "tok-new-1" })
        } else {
            Issue.record("no request carried the refreshed token: \(seen)")
        }
    }

    @Test("a call that failed with an older token than the current one is replayed without a refresh")
    func staleTokenReplaysWithoutRefresh() async throws {
        let server = AuthServerTransport(currentToken: "tok-2")
        let store = TokenStore(credential: AuthCredential(accessToken: "tok-2", refreshToken: "ref-2"))
        let refresher = RefreshCounter(server: server)
        let plugin = TokenRefreshPlugin(store: store, refresh: { try await refresher.refresh($0) })
        var request = URLRequest(url: URL(fileURLWithPath: "/account/me"))
        request.setValue("Bearer tok-1", forHTTPHeaderField: "Authorization")
        let rejected = Response(statusCode: 401, data: Data(), request: request)

        let decision = await plugin.retry(request, target: AccountAPI.me, dueTo: .sessionExpired(rejected), attempt: 1)

        #expect(decision == .retry)
        #expect(refresher.refreshes == 0)
    }

    @Test("a failed refresh fails every waiting call with sessionExpired and reports it once")
    func failedRefreshReportsOnce() async throws {
        let server = AuthServerTransport(currentToken: "tok-rotated")
        let store = TokenStore(credential: AuthCredential(accessToken: "tok-old", refreshToken: "ref-old"))
        let refresher = RefreshCounter(server: server, fails: true)
        let expired = CallCounter()
        let provider = makeProvider(server: server, store: store, refresher: refresher, expired: expired)

        let errors = await withTaskGroup(of: CourierError?.self) { group in
            for _ in 0..<10 {
                group.addTask {
                    do {
                        _ = try await provider.request(.me)
                        return nil
                    } catch {
                        return error as? CourierError
                    }
                }
            }
            return await group.reduce(into: [CourierError?]()) { $0.append($1) }
        }

        #expect(errors.count == 10)
        for error in errors {
            guard case .sessionExpired = error else {
                Issue.record("expected sessionExpired, got \(String(describing: error))")
                continue
            }
        }
        #expect(refresher.refreshes == 1)
        #expect(expired.count == 1)
        #expect(await store.credential == nil)
    }

    @Test("the refresh window stops a refresh loop against a backend that rejects every new token")
    func refreshWindowStopsLoops() async throws {
        let server = AuthServerTransport(currentToken: "never-issued")
        let store = TokenStore(credential: AuthCredential(accessToken: "tok-old", refreshToken: "ref-old"))
        let refresher = RefreshCounter(server: server)
        let expired = CallCounter()
        let plugin = TokenRefreshPlugin(
            store: store, window: RefreshWindow(maximumRefreshes: 2, interval: 60),
            refresh: { old in
                let fresh = try await refresher.refresh(old)
                server.rotate(to: "never-issued")
                return fresh
            },
            onSessionExpired: { expired.increment() })
        let provider = Provider<AccountAPI>(
            transport: server, plugins: [plugin], options: ProviderOptions(maximumAttempts: 10))

        for _ in 0..<3 {
            await #expect(throws: CourierError.self) { try await provider.request(.me) }
        }

        #expect(refresher.refreshes == 2)
        #expect(expired.count == 1)
    }

    @Test("a credential about to expire is refreshed before the call is sent")
    func proactiveRefresh() async throws {
        let server = AuthServerTransport(currentToken: "tok-rotated")
        let soon = Date().addingTimeInterval(10)
        let store = TokenStore(credential: AuthCredential(accessToken: "tok-old", refreshToken: "r", expiresAt: soon))
        let refresher = RefreshCounter(server: server)
        let provider = makeProvider(server: server, store: store, refresher: refresher, leeway: 60)

        let response = try await provider.request(.me)

        #expect(response.statusCode == 200)
        #expect(refresher.refreshes == 1)
        #expect(server.seenTokens == ["tok-new-1"])
    }

    @Test("targets without an authorization type get no token and trigger no refresh")
    func unauthorizedTargetsAreLeftAlone() async throws {
        let server = AuthServerTransport(currentToken: "tok-1")
        let store = TokenStore(credential: AuthCredential(accessToken: "tok-1"))
        let refresher = RefreshCounter(server: server)
        let provider = makeProvider(server: server, store: store, refresher: refresher)

        await #expect(throws: CourierError.self) { try await provider.request(.publicNews) }

        #expect(server.seenTokens == [nil])
        #expect(refresher.refreshes == 0)
    }

    @Test("a login after an expiry is reported again on the next expiry")
    func loginResetsExpiryReport() async throws {
        let server = AuthServerTransport(currentToken: "tok-rotated")
        let store = TokenStore(credential: AuthCredential(accessToken: "tok-old", refreshToken: "r"))
        let refresher = RefreshCounter(server: server, fails: true)
        let expired = CallCounter()
        let provider = makeProvider(server: server, store: store, refresher: refresher, expired: expired)

        await #expect(throws: CourierError.self) { try await provider.request(.me) }
        await store.update(AuthCredential(accessToken: "tok-stale-again", refreshToken: "r2"))
        await #expect(throws: CourierError.self) { try await provider.request(.me) }

        #expect(expired.count == 2)
    }

    @Test("a stored token with a line break stops the call before anything is sent, and starts no refresh")
    func lineBreakToken() async throws {
        let server = AuthServerTransport(currentToken: "tok-1")
        let store = TokenStore(credential: AuthCredential(accessToken: "tok\r\nX-Injected: 1", refreshToken: "r"))
        let refresher = RefreshCounter(server: server)
        let provider = makeProvider(server: server, store: store, refresher: refresher)

        do {
            _ = try await provider.request(.me)
            Issue.record("the call was sent")
        } catch CourierError.underlying(let error as InvalidRequestError, nil) {
            #expect(error.reason == .headerValue(name: "Authorization"))
        }

        #expect(server.seenTokens.isEmpty)
        #expect(refresher.refreshes == 0)
    }
}
