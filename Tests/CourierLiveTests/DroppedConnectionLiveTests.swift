import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A connection the server closes before any answer ("Empty reply from server") is the network
/// failing, through every transport alike: the error says the connection was lost, and the
/// cache's offline fallback answers it.
@Suite(.requiresScenarioServer)
struct DroppedConnectionLiveTests {
    struct Item: TargetType, CachePolicyConfigurable {
        let baseURL: URL
        let path: String
        var cachePolicy: CachePolicy?
        var method: HTTPMethod { .get }
        var task: RequestTask {
            .requestParameters(parameters: ["cc": "max-age=0", "etag": "x"], encoding: URLEncoding.queryString)
        }
    }

    /// Sends every request to the scenario server's `/fault/close` once ``cut()`` was called, so
    /// that the same URL, cached, meets a server that hangs up.
    final class CuttingTransport: Transport {
        private let inner: any Transport
        private let cutOff = LockedFlag()

        init(_ inner: any Transport) {
            self.inner = inner
        }

        func cut() { cutOff.set() }

        func send(_ request: TransportRequest) async throws -> TransportResponse {
            guard cutOff.isSet, let url = request.urlRequest.url,
                var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
            else { return try await inner.send(request) }
            components.path = "/fault/close"
            components.query = nil
            var closing = request
            closing.urlRequest.url = components.url
            return try await inner.send(closing)
        }
    }

    @Test func aConnectionClosedBeforeTheAnswerIsALostConnection() async throws {
        let target = Item(baseURL: try LiveServers.url(for: .scenario), path: "/fault/close")
        let error = await #expect(throws: CourierError.self) {
            try await Provider<Item>(transport: TestTransport.make()).request(target)
        }
        guard case .underlying(let cause, nil) = error else {
            Issue.record("expected .underlying without a response, got \(String(describing: error))")
            return
        }
        #expect((cause as? URLError)?.code == .networkConnectionLost, "\(cause) through \(TestTransport.kind)")
    }

    @Test func theOfflineFallbackAnswersAConnectionClosedBeforeTheAnswer() async throws {
        let base = try LiveServers.url(for: .scenario)
        let transport = CuttingTransport(TestTransport.make())
        var options = ProviderOptions()
        options.cache = HTTPCache(defaultPolicy: .useProtocol.fallingBackWhenOffline())
        let provider = Provider<Item>(transport: transport, options: options)
        let target = Item(baseURL: base, path: "/cache/item/dropped-\(UUID().uuidString.prefix(8))")

        let first = try await provider.request(target)
        #expect(first.cacheOrigin == nil)
        transport.cut()
        let fallback = try await provider.request(target)
        #expect(fallback.cacheOrigin?.kind == .offlineFallback, "through \(TestTransport.kind)")
        #expect(fallback.data == first.data)
    }
}

/// A flag set once, read from any thread.
private final class LockedFlag: Sendable {
    private let state = LockedState(false)

    var isSet: Bool { state.withLock { $0 } }

    func set() { state.withLock { $0 = true } }
}
