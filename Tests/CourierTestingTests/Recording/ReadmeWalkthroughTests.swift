import CourierTesting
import Foundation
import Testing

/// The README's "Testing your API layer" walkthrough, as written there. `Recordings/` was
/// recorded once from the scenario server with `RecordingTransport` and is replayed here with
/// no server at all.
@Suite("README walkthrough: a view model tested with stubs, a fixture and a recorded session")
@MainActor
struct ReadmeWalkthroughTests {
    @Test func loadsEachPageOnceAndInOrder() async throws {
        let stubs = StubTransport()
        stubs.when(ShopAPI.goods(page: 1, categoryId: 1)).respond(
            .fixture(try Fixture.named("goods_page1", in: .module)))
        stubs.when(ShopAPI.goods(page: 2, categoryId: 1)).respond(
            .json(
                #"""
                {"succeed": true, "code": 0, "msg": "ok",
                 "data": {"current": 2, "pages": 2, "records": [{"id": 3, "productName": "Teapot"}]}}
                """#))
        let model = GoodsListModel(provider: Provider(transport: stubs, envelope: shopEnvelope))

        await model.loadNextPage()
        await model.loadNextPage()
        await model.loadNextPage()  // the last page was reached: nothing is sent

        #expect(model.titles == ["Rice cooker", "Kettle", "Teapot"])
        let sent = stubs.sentRequests
        #expect(sent.map(\.method) == ["POST", "POST"])
        #expect(sent.map(\.path) == ["/mallProductsInfo/getProductList", "/mallProductsInfo/getProductList"])
        #expect(sent.map { $0.formBody["pageCurrent"] } == ["1", "2"])
    }

    @Test func showsAnErrorAndRecovers() async throws {
        let stubs = StubTransport()
        let firstPage = try Fixture.named("goods_page1", in: .module)
        stubs.when(ShopAPI.goods(page: 1, categoryId: 1)).respond(.offline, .fixture(firstPage))
        let model = GoodsListModel(provider: Provider(transport: stubs, envelope: shopEnvelope))

        await model.loadNextPage()
        #expect(model.errorMessage != nil)
        await model.loadNextPage()
        #expect(model.titles.count == 2)
    }

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
