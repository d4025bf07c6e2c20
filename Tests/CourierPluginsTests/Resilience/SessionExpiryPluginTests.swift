import CourierPlugins
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("SessionExpiryPlugin: go to login once")
struct SessionExpiryPluginTests {
    /// The shop's answer when the session is gone: a bare "please to login".
    private static let pleaseLogin = Data("please to login".utf8)

    /// The shop's envelope, which reads a bare "please to login" as an expired session.
    private struct ShopEnvelope: ResponseEnvelope {
        func decode<T: Decodable>(_ type: T.Type, from response: Response, using decoder: JSONDecoder) throws -> T {
            if response.data == SessionExpiryPluginTests.pleaseLogin { throw CourierError.sessionExpired(response) }
            return try JSONEnvelope().decode(T.self, from: response, using: decoder)
        }
    }

    private func provider(_ transport: any Transport, _ plugin: SessionExpiryPlugin) -> Provider<PluginTarget> {
        Provider<PluginTarget>(transport: transport, plugins: [plugin], envelope: ShopEnvelope())
    }

    @Test("five concurrent expired answers: one call of the closure, five .sessionExpired failures")
    func fiveAtOnce() async {
        let logins = CallCounter()
        let plugin = SessionExpiryPlugin { logins.increment() }
        let transport = BarrierTransport(holding: 5, body: Self.pleaseLogin)
        let provider = provider(transport, plugin)

        let failures = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<5 {
                group.addTask {
                    do {
                        _ = try await provider.request(PluginTarget())
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

        #expect(failures == [true, true, true, true, true])
        #expect(logins.count == 1)
        #expect(plugin.isSessionExpired)
        #expect(transport.received == 5, "all five were in flight together")
    }

    @Test("while the session is over, calls that need it fail at once without being sent; others go")
    func failsFast() async throws {
        let logins = CallCounter()
        let plugin = SessionExpiryPlugin { logins.increment() }
        let transport = ScriptedTransport(body: Self.pleaseLogin)
        let provider = provider(transport, plugin)
        await #expect(throws: CourierError.self) { try await provider.request(PluginTarget()) }

        await #expect {
            try await provider.request(PluginTarget())
        } throws: { error in
            if case .sessionExpired = error as? CourierError { return true }
            return false
        }
        #expect(transport.requests.count == 1, "the second call was not sent")

        let login = PluginTarget(path: "/login", authorizationType: nil)
        await #expect(throws: CourierError.self) { try await provider.request(login) }
        #expect(transport.requests.count == 2, "a call that needs no session is sent")
        #expect(logins.count == 1)
    }

    @Test("sessionDidStart re-arms it: calls are sent again, and the next expiry is reported again")
    func reArmedAfterLogin() async {
        let logins = CallCounter()
        let plugin = SessionExpiryPlugin { logins.increment() }
        let transport = ScriptedTransport(body: Self.pleaseLogin)
        let provider = provider(transport, plugin)
        await #expect(throws: CourierError.self) { try await provider.request(PluginTarget()) }
        #expect(logins.count == 1)

        plugin.sessionDidStart()
        #expect(!plugin.isSessionExpired)
        await #expect(throws: CourierError.self) { try await provider.request(PluginTarget()) }
        #expect(transport.requests.count == 2, "sent again after the login")
        #expect(logins.count == 2)
    }

    @Test("an answer to a call sent before the login does not end the new session")
    func staleAnswerAfterLogin() async {
        let logins = CallCounter()
        let plugin = SessionExpiryPlugin { logins.increment() }
        let gated = GatedTransport()
        let provider = provider(gated, plugin)

        let old = Task { try await provider.request(PluginTarget(path: "/old")) }
        await gated.waitForStart(of: ["/v1/old"])
        let expiring = Task { try await provider.request(PluginTarget(path: "/now")) }
        await gated.waitForStart(of: ["/v1/now"])
        gated.release("/v1/now", with: .success(Self.answer(Self.pleaseLogin)))
        _ = await expiring.result
        #expect(logins.count == 1)

        plugin.sessionDidStart()
        gated.release("/v1/old", with: .success(Self.answer(Self.pleaseLogin)))
        _ = await old.result
        #expect(!plugin.isSessionExpired, "the old session's answer leaves the new one alone")
        #expect(logins.count == 1)
    }

    @Test("a public target's expired answer ends the session too")
    func publicTarget() async {
        let logins = CallCounter()
        let plugin = SessionExpiryPlugin { logins.increment() }
        let provider = provider(ScriptedTransport(body: Self.pleaseLogin), plugin)
        await #expect(throws: CourierError.self) {
            try await provider.request(PluginTarget(authorizationType: nil))
        }
        #expect(logins.count == 1)
        #expect(plugin.isSessionExpired)
    }

    private static func answer(_ body: Data) -> TransportResponse {
        TransportResponse(response: .make(url: URL(string: "https://api.example.com")!, status: 200), data: body)
    }
}

/// Holds every request until `holding` of them have arrived, then answers them all with `body`.
private final class BarrierTransport: Transport {
    private struct State {
        var waiting: [CheckedContinuation<Void, Never>] = []
        var received = 0
    }

    private let state = LockedState(State())
    private let holding: Int
    private let body: Data

    init(holding: Int, body: Data) {
        self.holding = holding
        self.body = body
    }

    var received: Int { state.withLock { $0.received } }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        await withCheckedContinuation { continuation in
            let release = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.received += 1
                state.waiting.append(continuation)
                guard state.received >= holding else { return [] }
                defer { state.waiting = [] }
                return state.waiting
            }
            for waiter in release { waiter.resume() }
        }
        return TransportResponse(response: .make(for: request.urlRequest, status: 200), data: body)
    }
}
