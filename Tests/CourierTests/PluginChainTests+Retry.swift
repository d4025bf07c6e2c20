import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Retries: which decision wins, the attempt bound, and cancellation during a wait or a call.
extension PluginChainTests {
    @Test("the first answer other than doNotRetry wins, and the retry runs again from prepare")
    func retryReplaysThroughPrepare() async throws {
        let events = ChainEvents()
        let tokens = LockedState(["tok-1", "tok-2"])
        let transport = ChainTransport(events: events) { request in
            request.value(forHTTPHeaderField: "Authorization") == "Bearer tok-2" ? 200 : 401
        }
        let provider = Provider<ChainTarget>(
            transport: transport,
            plugins: [
                HeaderPlugin(name: "Authorization", value: { _ in "Bearer " + tokens.withLock { $0.removeFirst() } }),
                DecisionPlugin(name: "A", events: events, decision: .doNotRetry),
                DecisionPlugin(name: "B", events: events, decision: .retry),
                DecisionPlugin(name: "C", events: events, decision: .doNotRetry),
            ])
        let response = try await provider.request(ChainTarget())
        #expect(response.statusCode == 200)
        #expect(
            events.all.filter { $0.hasSuffix("retry") } == ["A.retry", "B.retry"], "C is not asked once B answered")
        #expect(
            transport.requests.map { $0.value(forHTTPHeaderField: "Authorization") } == [
                "Bearer tok-1", "Bearer tok-2",
            ])
    }

    @Test("a retry starts again at the request closure: the endpoint closure runs once per call")
    func retryStartsAtTheRequestClosure() async throws {
        let events = ChainEvents()
        let transport = ChainTransport(events: events) { request in
            request.value(forHTTPHeaderField: "X-Request") == "2" ? 200 : 503
        }
        let made = LockedState((endpoints: 0, requests: 0))
        let provider = Provider<ChainTarget>(
            endpointClosure: { target in
                made.withLock { $0.endpoints += 1 }
                return Provider.defaultEndpointMapping(for: target)
            },
            requestClosure: { endpoint in
                var request = try endpoint.urlRequest()
                request.setValue(
                    String(
                        made.withLock {
                            $0.requests += 1
                            return $0.requests
                        }), forHTTPHeaderField: "X-Request")
                return request
            },
            transport: transport,
            plugins: [
                EventPlugin(name: "A", events: events), DecisionPlugin(name: "B", events: events, decision: .retry),
            ])
        let response = try await provider.request(ChainTarget(validationType: .successCodes))
        #expect(response.statusCode == 200)
        #expect(made.withLock { $0.endpoints } == 1, "the endpoint is the call's")
        #expect(made.withLock { $0.requests } == 2, "each attempt makes its request again")
        #expect(events.hooks.filter { $0 == "A.prepare" }.count == 2, "and every prepare sees it")
    }

    @Test("attempts stop at maximumAttempts, each numbered", arguments: [1, 2, 3, 5])
    func attemptBound(maximumAttempts: Int) async {
        let events = ChainEvents()
        let transport = ChainTransport(events: events, error: URLError(.timedOut))
        let provider = Provider<ChainTarget>(
            transport: transport, plugins: [DecisionPlugin(name: "A", events: events, decision: .retry)],
            options: ProviderOptions(maximumAttempts: maximumAttempts))
        do {
            _ = try await provider.request(ChainTarget())
            Issue.record("expected a failure")
        } catch {
            #expect((error as? CourierError)?.isTimeout == true)
        }
        #expect(transport.requests.count == maximumAttempts)
        #expect(events.all.filter { $0.hasPrefix("A.retry") } == (1..<maximumAttempts).map { _ in "A.retry" })
        #expect(events.attempts == Array(1..<maximumAttempts))
    }

    @Test("the default is 3 attempts in all")
    func defaultBound() async {
        let events = ChainEvents()
        let transport = ChainTransport(events: events, error: URLError(.timedOut))
        let provider = Provider<ChainTarget>(
            transport: transport, plugins: [DecisionPlugin(name: "A", events: events, decision: .retry)])
        _ = try? await provider.request(ChainTarget())
        #expect(transport.requests.count == 3)
    }

    @Test("a retryAfter wait ends as soon as the call is cancelled, and a cancelled call is not retried")
    func retryWaitHonoursCancellation() async {
        let events = ChainEvents()
        let transport = ChainTransport(events: events, error: URLError(.timedOut))
        let provider = Provider<ChainTarget>(
            transport: transport,
            plugins: [DecisionPlugin(name: "A", events: events, decision: .retryAfter(3600))])
        let call = Task { try await provider.request(ChainTarget()) }
        await events.wait(for: "A.retry")
        call.cancel()
        do {
            _ = try await call.value
            Issue.record("expected a failure")
        } catch {
            #expect((error as? CourierError)?.isCancelled == true, "\(error)")
        }
        #expect(transport.requests.count == 1)
    }

    @Test("every willSend is followed by exactly one didReceive, also when the call is cancelled")
    func cancelledCallsBalance() async {
        let events = ChainEvents()
        let transport = ChainTransport(events: events, suspends: true)
        let provider = Provider<ChainTarget>(transport: transport, plugins: [EventPlugin(name: "A", events: events)])
        let call = Task { try await provider.request(ChainTarget()) }
        await events.wait(for: "transport")
        call.cancel()
        _ = try? await call.value
        let log = events.all
        #expect(events.hooks.filter { $0 == "A.willSend" }.count == 1)
        #expect(log.filter { $0.hasPrefix("A.didReceive ") } == ["A.didReceive failure"])
        #expect(!log.contains("A.retry"), "a cancelled call is never retried")
    }
}
