import CourierTesting
import Foundation
import Testing

/// The README's walkthrough: `Recordings/` was recorded once from the scenario server with
/// `RecordingTransport` and is replayed here with no server at all.
@Suite("A view model test on a recorded session")
@MainActor
struct RecordedCatalogTests {
    @Test func theCatalogLoadsPageByPageFromTheRecording() async throws {
        let replay = ReplayTransport(recordingsNamed: "Recordings", in: .module)
        let model = GoodsListModel(provider: Provider(transport: replay, envelope: shopEnvelope))

        await model.loadNextPage()
        await model.loadNextPage()

        #expect(model.errorMessage == nil)
        #expect(model.titles == ["Goods 1", "Goods 2", "Goods 3", "Goods 4"])
        #expect(!model.isLastPage, "the recorded catalog has 12 pages")
    }

    @Test func aStubOverridesOneCallOfTheRecording() async throws {
        let stubs = StubTransport(fallback: ReplayTransport(recordingsNamed: "Recordings", in: .module))
        stubs.when(ShopAPI.goods(page: 2, categoryId: 1)).respond(.offline)
        let model = GoodsListModel(provider: Provider(transport: stubs, envelope: shopEnvelope))

        await model.loadNextPage()
        await model.loadNextPage()

        #expect(model.titles == ["Goods 1", "Goods 2"])
        #expect(model.errorMessage != nil)
        #expect(stubs.sentRequests.map { $0.formBody["pageCurrent"] } == ["1", "2"])
    }
}
