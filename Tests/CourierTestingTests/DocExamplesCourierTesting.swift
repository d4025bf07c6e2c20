import CourierTesting
import Foundation
import Testing

// The example of CourierTesting.docc's landing page (Sources/Testing/CourierTesting.docc), as
// written there, with the "Testing offline" article's `ShopAPI` and `GoodsPage`.
@Suite("Docs: the CourierTesting landing page")
struct CourierTestingLandingPageDocTests {
    typealias ShopAPI = TestingOfflineDoc.ShopAPI
    typealias GoodsPage = TestingOfflineDoc.GoodsPage

    @Test func loadsTheFirstPage() async throws {
        let transport = StubTransport()
        transport.when(ShopAPI.goods(page: 1, categoryId: 3))
            .respond(json: #"{"succeed": true, "code": 0, "data": {"current": 1, "pages": 1, "records": []}}"#)
        let provider = Provider<ShopAPI>(transport: transport, envelope: JSONEnvelope(successFlagKey: "succeed"))

        let page = try await provider.request(.goods(page: 1, categoryId: 3), as: GoodsPage.self)

        #expect(page.records.isEmpty)
        #expect(transport.sentRequests.count == 1)
    }
}
