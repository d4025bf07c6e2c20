import Courier
import CourierHTTP1
import CourierPlugins
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A server that trickles its head or its body a byte a second, or never answers, never holds a
/// call past its deadline: the idle timeout between packets cannot catch a trickle, the whole-call
/// deadline does.
@Suite("Hostile server: trickles and hangs", .requiresHostileServer)
struct SlowServerLiveTests {
    @Test(
        "the call ends with a timeout at its deadline", arguments: HostileTransport.allCases,
        ["trickle-head", "trickle-body", "hang"])
    func deadline(transport: HostileTransport, path: String) async throws {
        let provider = Provider<HostileTarget>(transport: transport.make(), options: ProviderOptions(timeout: 1.5))
        let started = ContinuousClock.now
        do {
            _ = try await provider.request(try HostileTarget(path))
            Issue.record("the call succeeded")
        } catch let error as CourierError {
            #expect(error.isTimeout, "\(error)")
        }
        #expect(
            ContinuousClock.now - started < .seconds(LiveTiming.longBeforeTheDefault),
            "the 1.5 s deadline, not the 60 s default")
    }

    @Test("calls waiting for a free connection end at their deadline too, not in waves")
    func poolSlots() async throws {
        let configuration = URLSessionTransport.defaultConfiguration()
        configuration.httpMaximumConnectionsPerHost = 2
        var transports: [any Transport] = [URLSessionTransport(configuration: configuration)]
        #if os(Linux)
            transports.insert(HTTP1Transport(options: .init(maximumConnectionsPerHost: 2)), at: 0)
        #endif
        for transport in transports {
            let provider = Provider<HostileTarget>(transport: transport, options: ProviderOptions(timeout: 2))
            let target = try HostileTarget("hang")
            let started = ContinuousClock.now
            let timeouts = await withTaskGroup(of: Bool.self) { group in
                for _ in 0..<40 {
                    group.addTask { await Self.timesOut { try await provider.request(target) } }
                }
                return await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
            }
            #expect(timeouts == 40, "\(type(of: transport))")
            // In waves of two, forty calls with a 2 s deadline would take forty seconds; at their
            // deadline, all end in about two, which a busy machine stretches by seconds, not tens.
            #expect(
                ContinuousClock.now - started < .seconds(LiveTiming.longBeforeTheDefault), "\(type(of: transport))")
        }
    }

    private static func timesOut(_ call: () async throws -> Response) async -> Bool {
        do {
            _ = try await call()
            return false
        } catch {
            return (error as? CourierError)?.isTimeout == true
        }
    }

    @Test(
        "a refresh whose endpoint never answers is abandoned at its limit: the call times out, the credential stays",
        arguments: HostileTransport.allCases)
    func hungRefreshEndpoint(transport: HostileTransport) async throws {
        let refreshEndpoint = Provider<HostileTarget>(
            transport: transport.make(), options: ProviderOptions(timeout: nil))
        let hang = try HostileTarget("hang")
        let store = TokenStore(credential: AuthCredential(accessToken: "tok-old", expiresAt: Date()))
        let plugin = TokenRefreshPlugin(
            store: store, proactiveRefreshLeeway: 60, refreshTimeout: 1,
            refresh: { _ in
                _ = try await refreshEndpoint.request(hang)
                return AuthCredential(accessToken: "tok-new")
            })
        let provider = Provider<MultiTarget>(transport: transport.make(), plugins: [plugin])
        let started = ContinuousClock.now
        do {
            _ = try await provider.request(.target(AuthorizedHostileTarget(base: try HostileTarget("canary"))))
            Issue.record("the call succeeded without a token")
        } catch let error as CourierError {
            #expect(error.isTimeout, "\(error)")
        }
        #expect(
            ContinuousClock.now - started < .seconds(LiveTiming.longBeforeTheDefault),
            "the refresh's 1 s limit, not the call's 60 s default")
        #expect(await store.accessToken == "tok-old", "a refresh that timed out keeps the credential")
    }
}
