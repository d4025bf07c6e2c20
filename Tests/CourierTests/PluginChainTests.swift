import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The plugin chain, as the README lists it: prepare → willSend → transport or stub →
/// validation → didReceive → process → retry (from prepare again), in array order.
@Suite("Plugin chain")
struct PluginChainTests {
    @Test("every hook runs in array order, in the documented sequence")
    func order() async {
        let events = ChainEvents()
        let transport = ChainTransport(events: events, status: 500)
        let provider = Provider<ChainTarget>(
            transport: transport,
            plugins: [EventPlugin(name: "A", events: events), EventPlugin(name: "B", events: events)])
        _ = try? await provider.request(ChainTarget(validationType: .successCodes))
        #expect(
            events.hooks == [
                "A.prepare", "B.prepare", "A.willSend", "B.willSend", "transport", "A.didReceive", "B.didReceive",
                "A.process", "B.process", "A.retry", "B.retry",
            ])
    }

    @Test("in stub mode the same hooks run in the same order, and nothing reaches the transport")
    func stubbed() async throws {
        for stub in [StubBehavior.immediate, .delayed(seconds: 0.01)] {
            let events = ChainEvents()
            let provider = Provider<ChainTarget>(
                stubClosure: { _ in stub }, transport: ChainTransport(events: events),
                plugins: [EventPlugin(name: "A", events: events), EventPlugin(name: "B", events: events)])
            let response = try await provider.request(ChainTarget())
            #expect(response.data == Data("sample".utf8))
            #expect(
                events.hooks == [
                    "A.prepare", "B.prepare", "A.willSend", "B.willSend", "A.didReceive", "B.didReceive", "A.process",
                    "B.process",
                ])
        }
    }

    @Test("each prepare receives the previous one's request, and willSend and the transport get the last")
    func prepareChains() async throws {
        let events = ChainEvents()
        let transport = ChainTransport(events: events)
        let provider = Provider<ChainTarget>(
            transport: transport,
            plugins: [
                HeaderPlugin(name: "X-Step", value: { _ in "1" }),
                HeaderPlugin(name: "X-Step", value: { previous in (previous ?? "") + "2" }),
                EventPlugin(name: "C", events: events),
            ])
        _ = try await provider.request(ChainTarget())
        #expect(transport.requests.first?.value(forHTTPHeaderField: "X-Step") == "12")
        #expect(events.all.contains("C.willSend X-Step=12"))
    }

    @Test("a throwing prepare ends the call with the error wrapped: no later prepare, no willSend, no send")
    func throwingPrepare() async {
        let events = ChainEvents()
        let transport = ChainTransport(events: events)
        let provider = Provider<ChainTarget>(
            transport: transport,
            plugins: [
                EventPlugin(name: "A", events: events), ThrowingPlugin(error: ChainError(name: "no token")),
                EventPlugin(name: "C", events: events),
            ])
        do {
            _ = try await provider.request(ChainTarget())
            Issue.record("expected a failure")
        } catch CourierError.underlying(let error, nil) {
            #expect(error as? ChainError == ChainError(name: "no token"))
        } catch {
            Issue.record("expected .underlying, got \(error)")
        }
        #expect(events.all == ["A.prepare"])
        #expect(transport.requests.isEmpty)
    }

    @Test("a CourierError thrown by prepare is passed on as it is")
    func throwingCourierError() async {
        let provider = Provider<ChainTarget>(
            transport: ChainTransport(events: ChainEvents()),
            plugins: [ThrowingPlugin(error: CourierError.requestMapping("signing failed"))])
        do {
            _ = try await provider.request(ChainTarget())
            Issue.record("expected a failure")
        } catch CourierError.requestMapping(let message) {
            #expect(message == "signing failed")
        } catch {
            Issue.record("expected .requestMapping, got \(error)")
        }
    }
}
