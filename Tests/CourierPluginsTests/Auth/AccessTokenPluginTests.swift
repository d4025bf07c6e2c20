import CourierPlugins
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("AccessTokenPlugin")
struct AccessTokenPluginTests {
    /// The `Authorization` headers of the one request `target` sent, in any spelling.
    private func authorizationHeaders(
        for target: PluginTarget, plugin: AccessTokenPlugin
    ) async throws -> [String] {
        let transport = ScriptedTransport()
        _ = try await send(target, plugins: [plugin], transport: transport).get()
        let request = try #require(transport.requests.first)
        return (request.allHTTPHeaderFields ?? [:]).filter { $0.key.lowercased() == "authorization" }.map(\.value)
    }

    @Test(
        "each authorization type sets its header",
        arguments: [
            (AuthorizationType.bearer, "Bearer tok-1"), (.basic, "Basic tok-1"), (.custom("Token"), "Token tok-1"),
            (.custom(""), "tok-1"),
        ])
    func headerPerType(type: AuthorizationType, expected: String) async throws {
        let headers = try await authorizationHeaders(
            for: PluginTarget(authorizationType: type), plugin: AccessTokenPlugin { _ in "tok-1" })
        #expect(headers == [expected])
    }

    @Test("an Authorization header already on the request is replaced, never duplicated, whatever its case")
    func replacesExisting() async throws {
        for name in ["Authorization", "authorization", "AUTHORIZATION"] {
            let headers = try await authorizationHeaders(
                for: PluginTarget(headers: [name: "Bearer stale"]), plugin: AccessTokenPlugin { _ in "fresh" })
            #expect(headers == ["Bearer fresh"], "with \(name)")
        }
    }

    @Test("a token with a line break stops the call: never sent without it, never sent with it")
    func lineBreakToken() async throws {
        let transport = ScriptedTransport()
        let provider = Provider<PluginTarget>(
            transport: transport, plugins: [AccessTokenPlugin { _ in "tok\r\nX-Injected: 1" }])
        await #expect(throws: CourierError.self) {
            _ = try await provider.request(PluginTarget(headers: ["authorization": "Bearer stale"]))
        }
        #expect(transport.requests.isEmpty)
        do {
            _ = try await provider.request(PluginTarget())
            Issue.record("the call was sent")
        } catch CourierError.underlying(let error as InvalidRequestError, nil) {
            #expect(error.reason == .headerValue(name: "Authorization"))
        }
    }

    @Test("targets with no authorization type, or not authorizable at all, get no header and no token lookup")
    func optOut() async throws {
        let lookups = LockedState(0)
        let plugin = AccessTokenPlugin { _ in
            lookups.withLock { $0 += 1 }
            return "tok-1"
        }
        #expect(try await authorizationHeaders(for: PluginTarget(authorizationType: nil), plugin: plugin).isEmpty)

        let transport = ScriptedTransport()
        let provider = Provider<PlainTarget>(transport: transport, plugins: [plugin])
        _ = try await provider.request(PlainTarget())
        #expect(transport.requests.first?.value(forHTTPHeaderField: "Authorization") == nil)
        #expect(lookups.withLock { $0 } == 0)
    }

    @Test("an empty token leaves the request without a header")
    func emptyToken() async throws {
        #expect(try await authorizationHeaders(for: PluginTarget(), plugin: AccessTokenPlugin { _ in "" }).isEmpty)
    }

    @Test("MultiTarget is seen through, and the token closure receives the real target")
    func multiTarget() async throws {
        let seen = Recorder<String>()
        let plugin = AccessTokenPlugin { target in
            seen.append(String(describing: type(of: target)))
            return "tok-1"
        }
        let transport = ScriptedTransport()
        let provider = Provider<MultiTarget>(transport: transport, plugins: [plugin])
        _ = try await provider.request(.target(PluginTarget()))
        _ = try await provider.request(.target(PluginTarget(authorizationType: nil)))
        #expect(transport.requests.map { $0.value(forHTTPHeaderField: "Authorization") } == ["Bearer tok-1", nil])
        #expect(seen.all == ["PluginTarget"])
    }

    @Test("an async token source is awaited on every attempt, so a retry carries the new token")
    func asyncSourceOnEveryAttempt() async throws {
        let store = KeychainStandIn(token: "old")
        let transport = ScriptedTransport { request in
            let authorized = request.urlRequest.value(forHTTPHeaderField: "Authorization") == "Bearer new"
            if !authorized { await store.replace(with: "new") }
            return TransportResponse(response: .make(for: request.urlRequest, status: authorized ? 200 : 401))
        }
        let result = await send(
            plugins: [AccessTokenPlugin(tokenSource: { _ in await store.token }), RetryOncePlugin()],
            transport: transport)
        #expect(try result.get().statusCode == 200)
        #expect(
            transport.requests.map { $0.value(forHTTPHeaderField: "Authorization") } == ["Bearer old", "Bearer new"])
    }

    @Test("a token source that throws stops the call before it is sent")
    func throwingSource() async throws {
        let transport = ScriptedTransport()
        let sent = Recorder<NetworkActivityChangeType>()
        let result = await send(
            plugins: [
                AccessTokenPlugin(tokenSource: { _ in throw MarkerError(name: "keychain locked") }),
                NetworkActivityPlugin { change, _ in sent.append(change) },
            ],
            transport: transport)
        guard case .failure(.underlying(let error, nil)) = result else {
            Issue.record("expected .underlying, got \(result)")
            return
        }
        #expect(error as? MarkerError == MarkerError(name: "keychain locked"))
        #expect(transport.requests.isEmpty)
        #expect(sent.all.isEmpty)
    }

    @Test("basicToken is the Base64 of user:password")
    func basicToken() {
        #expect(AccessTokenPlugin.basicToken(user: "user", password: "pass") == "dXNlcjpwYXNz")
    }
}

/// A token store shared with a refresh flow, as an app would keep it.
actor KeychainStandIn {
    private(set) var token: String

    init(token: String) {
        self.token = token
    }

    func replace(with token: String) {
        self.token = token
    }
}
