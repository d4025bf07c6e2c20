import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `process` rewriting results in a chain, and turning a failure into a success.
extension PluginChainTests {
    @Test("process rewrites results in a chain: didReceive sees the original, each process the previous")
    func processRewrites() async throws {
        let events = ChainEvents()
        let provider = Provider<ChainTarget>(
            transport: ChainTransport(events: events, status: 500),
            plugins: [
                EventPlugin(name: "A", events: events),
                RewritePlugin { result in
                    // A failure becomes a success…
                    if case .failure = result {
                        return .success(Response(statusCode: 200, data: Data("recovered".utf8)))
                    }
                    return result
                },
                EventPlugin(name: "B", events: events),
                RewritePlugin { result in
                    // …and this one turns that success back into a failure carrying it.
                    guard case .success(let response) = result else { return result }
                    return .failure(.statusCode(response))
                },
                EventPlugin(name: "C", events: events),
            ])
        do {
            _ = try await provider.request(ChainTarget(validationType: .successCodes))
            Issue.record("expected a failure")
        } catch CourierError.statusCode(let response) {
            #expect(String(decoding: response.data, as: UTF8.self) == "recovered")
        }
        let log = events.all
        #expect(log.contains("A.didReceive failure") && log.contains("C.didReceive failure"))
        #expect(log.contains("A.process failure"))
        #expect(log.contains("B.process success"))
        #expect(log.contains("C.process failure"))
    }

    @Test("a process that turns a failure into a success ends the call successfully, with no retry")
    func processRecovers() async throws {
        let events = ChainEvents()
        let provider = Provider<ChainTarget>(
            transport: ChainTransport(events: events, error: URLError(.notConnectedToInternet)),
            plugins: [
                RewritePlugin { _ in .success(Response(statusCode: 200, data: Data("cached".utf8))) },
                EventPlugin(name: "A", events: events),
            ])
        let response = try await provider.request(ChainTarget())
        #expect(response.data == Data("cached".utf8))
        #expect(!events.all.contains("A.retry"))
    }
}
