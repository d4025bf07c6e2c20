import Courier
import CourierPlugins
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Token refresh against the scenario server, whose token state is real: a token expires on the
/// server, a refresh issues a new one, and `/auth/stats` counts what happened. Each test uses its
/// own realm, so tests running in parallel never share tokens or counters.
@Suite(
    "Token refresh (scenario server)",
    .enabled(if: try LiveServers.scenarioAvailable, "\(LiveServers.skipMessage(for: .scenario))"))
struct TokenRefreshLiveTests {
    /// A call to one realm of the scenario server's auth routes.
    struct RealmCall: TargetType, AccessTokenAuthorizable {
        enum Route {
            case login
            case refresh(token: String)
            case expire, refreshFails, stats, me, meEnvelope
        }

        let realm: URL
        let route: Route

        var baseURL: URL { realm }
        var path: String {
            switch route {
            case .login: "auth/login"
            case .refresh: "auth/refresh"
            case .expire: "auth/expire"
            case .refreshFails: "auth/refresh-fails"
            case .stats: "auth/stats"
            case .me: "auth/me"
            case .meEnvelope: "auth/me-envelope"
            }
        }
        var method: HTTPMethod {
            switch route {
            case .stats, .me, .meEnvelope: .get
            default: .post
            }
        }
        var task: RequestTask {
            switch route {
            case .refresh(let token): .requestJSONEncodable(["refreshToken": token])
            case .refreshFails: .requestParameters(parameters: ["on": 1], encoding: URLEncoding.queryString)
            default: .requestPlain
            }
        }
        var authorizationType: AuthorizationType? {
            switch route {
            case .me, .meEnvelope: .bearer
            default: nil
            }
        }
    }

    struct Tokens: Decodable {
        let accessToken: String
        let refreshToken: String
    }

    struct Stats: Decodable {
        let refreshes: Int
        let logins: Int
    }

    struct Me: Decodable {
        let user: String
    }

    /// A realm of its own, logged in, with its token already expired on the server.
    private func expiredSession(_ name: String) async throws -> (
        realm: URL, admin: Provider<RealmCall>, store: TokenStore
    ) {
        let realm = try LiveServers.url(for: .scenario).appendingPathComponent("realms/\(name)-\(UUID().uuidString)")
        let admin = Provider<RealmCall>(transport: TestTransport.make(), envelope: JSONEnvelope())
        let tokens = try await admin.request(RealmCall(realm: realm, route: .login), as: Tokens.self)
        _ = try await admin.request(RealmCall(realm: realm, route: .expire), as: IgnoredPayload?.self)
        let store = TokenStore(
            credential: AuthCredential(accessToken: tokens.accessToken, refreshToken: tokens.refreshToken))
        return (realm, admin, store)
    }

    private func refresher(_ admin: Provider<RealmCall>, realm: URL) -> TokenRefreshPlugin.Refresh {
        { expired in
            let fresh = try await admin.request(
                RealmCall(realm: realm, route: .refresh(token: expired.refreshToken ?? "")), as: Tokens.self)
            return AuthCredential(accessToken: fresh.accessToken, refreshToken: fresh.refreshToken)
        }
    }

    private func stats(_ realm: URL) async throws -> Stats {
        try await Provider<RealmCall>(transport: TestTransport.make()).request(
            RealmCall(realm: realm, route: .stats), as: Stats.self)
    }

    @Test("twenty calls rejected with HTTP 401 share one refresh and all succeed with the new token")
    func refreshAfter401() async throws {
        let (realm, admin, store) = try await expiredSession("http401")
        let plugin = TokenRefreshPlugin(store: store, refresh: refresher(admin, realm: realm))
        let provider = Provider<RealmCall>(transport: TestTransport.make(), plugins: [plugin], envelope: JSONEnvelope())

        let users = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<20 {
                group.addTask { try await provider.request(RealmCall(realm: realm, route: .me), as: Me.self).user }
            }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }

        #expect(users == Array(repeating: "courier", count: 20))
        #expect(try await stats(realm).refreshes == 1)
    }

    @Test("an expired-token code inside an HTTP 200 envelope triggers the same refresh")
    func refreshAfterEnvelopeCode() async throws {
        let (realm, admin, store) = try await expiredSession("code916")
        let plugin = TokenRefreshPlugin(store: store, refresh: refresher(admin, realm: realm))
        let provider = Provider<RealmCall>(
            transport: TestTransport.make(), plugins: [plugin], envelope: JSONEnvelope(expiredCodes: ["915", "916"]))

        let me = try await provider.request(RealmCall(realm: realm, route: .meEnvelope), as: Me.self)

        #expect(me.user == "courier")
        #expect(try await stats(realm).refreshes == 1)
    }

    @Test("when the refresh is refused, every call fails with sessionExpired and the app is told once")
    func refusedRefresh() async throws {
        let (realm, admin, store) = try await expiredSession("refused")
        _ = try await admin.request(RealmCall(realm: realm, route: .refreshFails), as: IgnoredPayload?.self)
        let expiredReports = LockedState(0)
        let plugin = TokenRefreshPlugin(
            store: store, refresh: refresher(admin, realm: realm),
            onSessionExpired: { expiredReports.withLock { $0 += 1 } })
        let provider = Provider<RealmCall>(transport: TestTransport.make(), plugins: [plugin], envelope: JSONEnvelope())

        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<10 {
                group.addTask {
                    do {
                        _ = try await provider.request(RealmCall(realm: realm, route: .me), as: Me.self)
                        return false
                    } catch CourierError.sessionExpired {
                        return true
                    } catch {
                        return false
                    }
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }

        #expect(outcomes == Array(repeating: true, count: 10))
        #expect(expiredReports.withLock { $0 } == 1)
        #expect(await store.credential == nil)
    }
}
