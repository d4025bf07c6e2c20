import CourierTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A provider stubbing from `sampleData` never asks its transport: with a `StubTransport`, that
/// silently ignores the test's stubs. The call says so instead.
@Suite("stubClosure together with a StubTransport")
struct StubClosureConflictTests {
    @Test(
        "a call stubbed by stubClosure with a StubTransport fails, saying what happened and what to do",
        arguments: [StubBehavior.immediate, .delayed(seconds: 0.001)])
    func conflict(behavior: StubBehavior) async throws {
        let stubs = StubTransport()
        stubs.when(ShopAPI.product(id: 7)).respond(.json(shopJSON(#"{"id":7,"productName":"Rice cooker"}"#)))
        let provider = Provider<ShopAPI>(stubClosure: { _ in behavior }, transport: stubs, envelope: shopEnvelope)

        let error = await #expect(throws: CourierError.self) {
            try await provider.request(.product(id: 7), as: Goods.self)
        }

        guard case .requestMapping(let message)? = error else {
            Issue.record("expected .requestMapping, got \(String(describing: error))")
            return
        }
        #expect(message.contains("stubClosure"))
        #expect(message.contains("StubTransport"))
        #expect(message.contains("neverStub"))
        #expect(error?.description.contains("sampleData") == true)
        #expect(stubs.sentRequests.isEmpty)
    }

    @Test("a stubClosure that answers .never for a target leaves it to the StubTransport")
    func neverIsFine() async throws {
        let stubs = StubTransport()
        stubs.when(ShopAPI.product(id: 7)).respond(.json(shopJSON(#"{"id":7,"productName":"Rice cooker"}"#)))
        let provider = Provider<ShopAPI>(stubClosure: Provider.neverStub, transport: stubs, envelope: shopEnvelope)

        let goods = try await provider.request(.product(id: 7), as: Goods.self)

        #expect(goods.id == 7)
    }
}
