import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `Provider.shutdown()` at logout, against a server that never answers: every call in flight
/// ends with a cancellation, later calls too, and the transport itself is ended.
@Suite(.requiresScenarioServer, .timeLimit(.minutes(1)))
struct ProviderShutdownLiveTests {
    struct Hang: TargetType {
        let baseURL: URL
        var path: String { "fault/hang" }
        var method: HTTPMethod { .get }
        var task: RequestTask { .requestPlain }
    }

    @Test func shutdownCancelsEveryCallInFlightAndEndsTheTransport() async throws {
        let base = try LiveServers.url(for: .scenario)
        let (sent, signal) = SentSignal.make()
        // A transport of this test's own: shutting it down must not end another test's.
        let transport = TestTransport.make()
        let provider = Provider<Hang>(transport: transport, plugins: [signal])
        let calls = 3
        let errors = await withTaskGroup(of: CourierError?.self) { group in
            for _ in 0..<calls {
                group.addTask {
                    do {
                        _ = try await provider.request(Hang(baseURL: base))
                        return nil
                    } catch {
                        return error as? CourierError
                    }
                }
            }
            var iterator = sent.makeAsyncIterator()
            for _ in 0..<calls { _ = await iterator.next() }
            await provider.shutdown()
            var errors: [CourierError?] = []
            for await error in group { errors.append(error) }
            return errors
        }
        #expect(errors.count == calls)
        #expect(errors.allSatisfy { $0?.isCancelled == true }, "\(errors)")

        let later = await #expect(throws: CourierError.self) { try await provider.request(Hang(baseURL: base)) }
        #expect(later?.isCancelled == true)
        let direct = URLRequest(url: base.appendingPathComponent("html/200"))
        await #expect(throws: (any Error).self) { try await transport.send(TransportRequest(urlRequest: direct)) }
    }
}
