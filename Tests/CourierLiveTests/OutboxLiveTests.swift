import Courier
import CourierPlugins
import CourierTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The outbox against the scenario server's idempotent route (scripts/scenario_idempotency.py),
/// through the transport `COURIER_TEST_TRANSPORT` selects: order and keys, the server gone and
/// back, an answer lost after the server applied the mutation, a process killed between enqueue
/// and send (and after the server applied), a token that expired while queued, final refusals.
@Suite("Outbox, live", .requiresScenarioServer, .timeLimit(.minutes(2)))
struct OutboxLiveTests {
    let folder = OutboxLive.folder()
    let clock = OutboxTestClock()

    func cleanUp() {
        try? FileManager.default.removeItem(at: folder)
    }

    func outbox(_ provider: Provider<IdempotentAPI>) -> Outbox<IdempotentAPI> {
        Outbox(provider: provider, directory: folder, options: OutboxOptions().waiting(on: clock))
    }

    @Test func mutationsAreAppliedInOrderOnceEach() async throws {
        defer { cleanUp() }
        let base = try LiveServers.url(for: .scenario)
        let name = OutboxLive.unique("order")
        let outbox = outbox(OutboxLive.provider(base))
        var outcomes = outbox.outcomes.makeAsyncIterator()

        var keys: [String] = []
        for item in 1...3 { keys.append(try await outbox.enqueue(.mutation(name, item: item)).idempotencyKey) }
        for _ in 1...3 { _ = try #require(await outcomes.next()?.sentResponse) }

        let stats = try await OutboxLive.stats(name, base: base)
        #expect(stats.applied.map(\.key) == keys)
        #expect(stats.applied.map(\.body) == (1...3).map { #"{"item":\#($0)}"# })
        #expect(stats.attempts.map(\.key) == keys && stats.replays == 0)
    }

    /// `401`, `403`, `409` and `422` are final: the mutation moves to the failed list with its
    /// status and the server's message, and the next one is sent.
    @Test func refusalsAreFinal() async throws {
        defer { cleanUp() }
        let base = try LiveServers.url(for: .scenario)
        let name = OutboxLive.unique("refused")
        let outbox = outbox(OutboxLive.provider(base))
        var outcomes = outbox.outcomes.makeAsyncIterator()
        let statuses = [401, 403, 409, 422]
        for status in statuses { try await outbox.enqueue(.mutation(name, item: status, ["status": "\(status)"])) }
        try await outbox.enqueue(.mutation(name, item: 1))

        var failed: [Int?] = []
        for _ in statuses { failed.append(try #require(await outcomes.next()?.failure).statusCode) }
        _ = try #require(await outcomes.next()?.sentResponse)

        #expect(failed == statuses)
        let failures = await outbox.failed
        #expect(failures.map(\.statusCode) == statuses && failures.allSatisfy { $0.message.contains("HTTP") })
        #expect(try await OutboxLive.stats(name, base: base).applied.count == 1)
    }

    /// The server applies the mutation and drops the connection before answering: the outbox
    /// sends it again with the same key, and the server answers as the first time without
    /// applying it twice.
    @Test func aLostAnswerIsNotAppliedTwice() async throws {
        defer { cleanUp() }
        let base = try LiveServers.url(for: .scenario)
        let name = OutboxLive.unique("lost")
        let outbox = outbox(OutboxLive.provider(base))
        let skipping = OutboxLive.skippingWaits(of: clock)
        defer { skipping.cancel() }
        var outcomes = outbox.outcomes.makeAsyncIterator()

        let entry = try await outbox.enqueue(.mutation(name, item: 1, ["lose": "1"]))
        let response = try #require(await outcomes.next()?.sentResponse)

        #expect(response.value(forHTTPHeaderField: "Idempotent-Replayed") == "true")
        let stats = try await OutboxLive.stats(name, base: base)
        #expect(stats.applied.map(\.key) == [entry.idempotencyKey] && stats.replays >= 1)
        #expect(stats.attempts.count >= 2 && stats.attempts.allSatisfy { $0.key == entry.idempotencyKey })
    }

    /// `5xx` answers are retried after the backoff, then the mutation is applied once.
    @Test func serverErrorsAreRetried() async throws {
        defer { cleanUp() }
        let base = try LiveServers.url(for: .scenario)
        let name = OutboxLive.unique("busy")
        let outbox = outbox(OutboxLive.provider(base))
        var waits = clock.waits.makeAsyncIterator()
        var outcomes = outbox.outcomes.makeAsyncIterator()

        try await outbox.enqueue(.mutation(name, item: 1, ["fail": "2"]))
        #expect(await waits.next() == .seconds(1))
        clock.advance()
        #expect(await waits.next() == .seconds(2))
        clock.advance()
        _ = try #require(await outcomes.next()?.sentResponse)

        let stats = try await OutboxLive.stats(name, base: base)
        #expect(stats.applied.count == 1 && stats.attempts.count == 3)
    }

    /// A token that expired while the mutation waited is refreshed when it is sent
    /// (`TokenRefreshPlugin`), and the replay carries the same key; only the target was stored.
    @Test func aTokenThatExpiredWhileQueuedIsRefreshed() async throws {
        defer { cleanUp() }
        let base = try LiveServers.url(for: .scenario)
        let name = OutboxLive.unique("token")
        let realmName = OutboxLive.unique("outbox")
        let realm = base.appendingPathComponent("realms/\(realmName)")
        typealias Call = TokenRefreshLiveTests.RealmCall
        let admin = Provider<Call>(transport: TestTransport.make(), envelope: JSONEnvelope())
        let login = try await admin.request(Call(realm: realm, route: .login), as: TokenRefreshLiveTests.Tokens.self)
        let store = TokenStore(
            credential: AuthCredential(accessToken: login.accessToken, refreshToken: login.refreshToken))
        let plugin = TokenRefreshPlugin(store: store) { expired in
            let fresh = try await admin.request(
                Call(realm: realm, route: .refresh(token: expired.refreshToken ?? "")),
                as: TokenRefreshLiveTests.Tokens.self)
            return AuthCredential(accessToken: fresh.accessToken, refreshToken: fresh.refreshToken)
        }
        let outbox = outbox(OutboxLive.provider(base, plugins: [plugin]))
        var outcomes = outbox.outcomes.makeAsyncIterator()
        _ = try await admin.request(Call(realm: realm, route: .expire), as: IgnoredPayload?.self)

        let entry = try await outbox.enqueue(.mutation(name, item: 1, ["realm": realmName]))
        _ = try #require(await outcomes.next()?.sentResponse)

        let stats = try await OutboxLive.stats(name, base: base)
        #expect(stats.applied.map(\.key) == [entry.idempotencyKey])
        #expect(stats.attempts.map(\.key) == [entry.idempotencyKey, entry.idempotencyKey])
        #expect(stats.attempts.map(\.token) == [login.accessToken, await store.accessToken])
        #expect(stats.attempts.first?.token != stats.attempts.last?.token)
    }

    #if os(Linux)
        /// The server is gone (its port refuses connections): mutations wait; it comes back on the
        /// same port: the app says so, or another call of the provider succeeds, and they are sent.
        @Test func theServerGoneAndBack() async throws {
            defer { cleanUp() }
            let reserved = try RefusingPort()
            let port = Int(reserved.port)
            reserved.release()
            let base = try #require(URL(string: reserved.url))
            let provider = OutboxLive.provider(base)
            let outbox = outbox(provider)
            var waits = clock.waits.makeAsyncIterator()
            var outcomes = outbox.outcomes.makeAsyncIterator()

            let first = try await outbox.enqueue(.mutation("back", item: 1))
            let second = try await outbox.enqueue(.mutation("back", item: 2))
            _ = await waits.next()
            #expect(await outbox.pendingCount == 2)
            var server = try await CacheLiveServerProcess.scenario(port: port)
            outbox.sendNow()
            for _ in 1...2 { _ = try #require(await outcomes.next()?.sentResponse) }
            #expect(
                try await OutboxLive.stats("back", base: base).applied.map(\.key) == [
                    first.idempotencyKey, second.idempotencyKey,
                ])

            await server.stop()
            let third = try await outbox.enqueue(.mutation("again", item: 3))
            _ = await waits.next()
            server = try await CacheLiveServerProcess.scenario(port: port)
            _ = try await provider.request(.stats(name: "again"))
            _ = try #require(await outcomes.next()?.sentResponse)
            #expect(try await OutboxLive.stats("again", base: base).applied.map(\.key) == [third.idempotencyKey])
            await server.stop()
        }

        /// A process queues two mutations while the server cannot be reached and is killed; an
        /// outbox of a new provider on the same folder sends them, in order, with their keys.
        @Test func whatAKilledProcessQueuedIsSentByTheNext() async throws {
            defer { cleanUp() }
            let base = try LiveServers.url(for: .scenario)
            let name = OutboxLive.unique("killed")
            let refusing = try RefusingPort()
            defer { refusing.release() }
            let probe = try OutboxProbeProcess([
                Self.probeTransport, folder.path, refusing.url, name, "2",
            ])
            let keys = try await probe.enqueuedKeys()
            await probe.kill()

            let outbox = outbox(OutboxLive.provider(base))
            var outcomes = outbox.outcomes.makeAsyncIterator()
            for _ in keys { _ = try #require(await outcomes.next()?.sentResponse) }

            let stats = try await OutboxLive.stats(name, base: base)
            #expect(keys.count == 2 && stats.applied.map(\.key) == keys)
            #expect(stats.applied.map(\.body) == [#"{"item":1}"#, #"{"item":2}"#])
        }

        /// A process is killed after the server applied its mutation and before the answer
        /// reached it: the next outbox sends the mutation again with its key, and the server does
        /// not apply it twice.
        @Test func aProcessKilledAfterTheServerAppliedIsNotAppliedTwice() async throws {
            defer { cleanUp() }
            let base = try LiveServers.url(for: .scenario)
            let name = OutboxLive.unique("applied")
            let probe = try OutboxProbeProcess([
                Self.probeTransport, folder.path, base.absoluteString, name, "1", "--hold",
            ])
            let applied = try await OutboxLive.stats(name, afterApplying: 1, base: base)
            await probe.kill()
            #expect(applied.applied.count == 1)

            let outbox = outbox(OutboxLive.provider(base))
            var outcomes = outbox.outcomes.makeAsyncIterator()
            let response = try #require(await outcomes.next()?.sentResponse)

            #expect(response.value(forHTTPHeaderField: "Idempotent-Replayed") == "true")
            let stats = try await OutboxLive.stats(name, base: base)
            #expect(stats.applied.map(\.key) == applied.applied.map(\.key) && stats.replays == 1)
        }

        /// The probe sends as this pass does: URLSession, or the native route.
        static var probeTransport: String { TestTransport.kind == .native ? "routing" : "urlsession" }
    #endif
}

extension OutboxOutcome {
    /// The answer, when the mutation was sent.
    var sentResponse: Response? {
        guard case .sent(_, let response) = self else { return nil }
        return response
    }

    /// The failure, when the mutation failed.
    var failure: OutboxFailure<Target>? {
        guard case .failed(let failure) = self else { return nil }
        return failure
    }
}
