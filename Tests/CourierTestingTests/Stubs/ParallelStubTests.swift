import CourierTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Swift Testing runs these in parallel (arguments and tests alike): each owns its stubs, so
/// none sees another's answer, however the calls interleave.
@Suite("Per-test isolation: parallel tests with different stubs for the same target")
struct ParallelStubTests {
    @Test(arguments: 0..<24)
    func eachTestGetsItsOwnAnswer(id: Int) async throws {
        let stubs = StubTransport()
        // Different delays make the calls of different tests overlap in many orders.
        stubs.when(ShopAPI.me).respond(.json(shopJSON(#"{"user":"user-\#(id)"}"#)).delayed(by: Double(id % 5) / 100))
        let provider = Provider<ShopAPI>(transport: stubs, envelope: shopEnvelope)

        let user = try await provider.request(.me, as: [String: String].self)

        #expect(user == ["user": "user-\(id)"])
        #expect(stubs.sentRequests.count == 1)
    }

    @Test func aTestWhoseStubFails() async throws {
        let stubs = StubTransport()
        stubs.when(ShopAPI.me).respond(.timedOut.delayed(by: 0.02))
        let provider = Provider<ShopAPI>(transport: stubs, envelope: shopEnvelope)

        let error = try await #require(throws: CourierError.self) { try await provider.request(.me) }

        #expect((error.underlyingError as? URLError)?.code == .timedOut)
    }

    @Test func aTestWhoseStubSucceeds() async throws {
        let stubs = StubTransport()
        stubs.when(ShopAPI.me).respond(.json(shopJSON(#"{"user":"ok"}"#)).delayed(by: 0.02))
        let provider = Provider<ShopAPI>(transport: stubs, envelope: shopEnvelope)

        #expect(try await provider.request(.me, as: [String: String].self) == ["user": "ok"])
    }

    @Test func concurrentCallsOfOneTestShareItsSequence() async throws {
        let stubs = StubTransport()
        stubs.when(ShopAPI.me).respond(
            .json(shopJSON(#"{"n":"1"}"#)), .json(shopJSON(#"{"n":"2"}"#)), .json(shopJSON(#"{"n":"3"}"#)))
        let provider = Provider<ShopAPI>(transport: stubs, envelope: shopEnvelope)

        let answers = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<3 {
                group.addTask { try await provider.request(.me, as: [String: String].self)["n"] ?? "" }
            }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }

        #expect(answers.sorted() == ["1", "2", "3"], "each answer is given once, whatever the order")
    }
}
