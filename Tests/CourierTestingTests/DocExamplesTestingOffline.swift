import CourierTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The examples of Courier.docc's "Testing offline" (Articles/TestingOffline.md), as written
// there, in a namespace (this target has its own `ShopAPI` and `GoodsListModel`). The article's
// tests run here against this target's `Fixtures/goods_page1.json` and `Recordings/`.

/// Uses values that an example only shows, so that they are not reported as unused.
private func keep(_ values: Any...) {}

enum TestingOfflineDoc {
    // MARK: The app's side

    enum ShopAPI: TargetType {
        case goods(page: Int, categoryId: Int)

        var baseURL: URL { URL(string: "https://shop.example.com")! }
        var path: String { "/mallProductsInfo/getProductList" }
        var method: HTTPMethod { .post }
        var task: RequestTask {
            switch self {
            case .goods(let page, let categoryId):
                .requestParameters(
                    parameters: ["pageCurrent": page, "pageSize": 2, "categoryId": categoryId],
                    encoding: URLEncoding.httpBody)
            }
        }
        var sampleData: Data {
            Data(#"{"succeed": true, "code": 0, "data": {"current": 1, "pages": 1, "records": []}}"#.utf8)
        }
    }

    struct Goods: Codable, Sendable {
        let id: Int
        let productName: String
    }

    struct GoodsPage: Codable, Sendable {
        let current: Int
        let pages: Int
        let records: [Goods]
    }

    static let shopEnvelope = JSONEnvelope(successFlagKey: "succeed")

    @MainActor
    final class GoodsListModel {
        private(set) var titles: [String] = []
        private(set) var errorMessage: String?
        private(set) var isLastPage = false
        private var loadedPages = 0
        private let provider: Provider<ShopAPI>

        init(provider: Provider<ShopAPI>) { self.provider = provider }

        func loadNextPage() async {
            guard !isLastPage else { return }
            do {
                let page = try await provider.request(
                    .goods(page: loadedPages + 1, categoryId: 1), as: GoodsPage.self)
                titles += page.records.map(\.productName)
                loadedPages = page.current
                isLastPage = page.current >= page.pages
            } catch {
                errorMessage = error.localizedDescription
            }
        }
    }

    // MARK: "Stubbing with sample data"

    static func sampleDataStubs() {
        let demo = Provider<ShopAPI>(stubClosure: Provider.immediatelyStub)

        let failing = Provider<ShopAPI>(
            endpointClosure: { target in
                Endpoint(
                    url: URL(target: target).absoluteString,
                    sampleResponseClosure: { .networkError(URLError(.notConnectedToInternet)) },
                    method: target.method, task: target.task, httpHeaderFields: target.headers)
            },
            stubClosure: Provider.delayedStub(0.2))
        keep(demo, failing)
    }

    // MARK: "Fixtures: sample bodies in files"

    static func fixtures(fixturesURL: URL, stubs: StubTransport) throws {
        let page = try Fixture.named("goods_page1", in: .module)  // Fixtures/goods_page1.json
        let same = try Fixture.named("goods_page1", inDirectory: fixturesURL)  // or from a folder
        stubs.when(ShopAPI.goods(page: 1, categoryId: 1)).respond(.fixture(page))  // Content-Type from the extension
        let expected = try page.decode(GoodsPage.self)  // the same file as a value
        keep(same, expected)
    }

    // MARK: "Recording a session and replaying it offline"

    static func recording() {
        let recorder = RecordingTransport(
            recordingTo: URL(fileURLWithPath: "Tests/ShopTests/Recordings"), wrapping: URLSessionTransport())
        let recording = Provider<ShopAPI>(transport: recorder, envelope: shopEnvelope)

        let masking = SecretMasking(
            maskedHeaders: ["X-Device-Id"],
            maskedQueryItems: SecretMasking.defaultMaskedQueryItems.union(["sign"]))
        let careful = RecordingTransport(
            recordingTo: URL(fileURLWithPath: "Tests/ShopTests/Recordings"), wrapping: URLSessionTransport(),
            masking: masking)
        keep(recording, careful)
    }
}

extension TestingOfflineDoc {
    // MARK: "A view model test with per-test stubs", and the replay

    @MainActor
    struct GoodsListModelTests {
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
            // Successive calls get successive answers; the last one repeats.
            let firstPage = try Fixture.named("goods_page1", in: .module)
            stubs.when(ShopAPI.goods(page: 1, categoryId: 1)).respond(.offline, .fixture(firstPage))
            let model = GoodsListModel(provider: Provider(transport: stubs, envelope: shopEnvelope))

            await model.loadNextPage()
            #expect(model.errorMessage != nil)
            await model.loadNextPage()
            #expect(model.titles.count == 2)
        }

        @Test @MainActor func theCatalogLoadsPageByPageFromTheRecording() async throws {
            let replay = ReplayTransport(recordingsNamed: "Recordings", in: .module)
            let model = GoodsListModel(provider: Provider(transport: replay, envelope: shopEnvelope))

            await model.loadNextPage()
            await model.loadNextPage()

            #expect(model.titles == ["Goods 1", "Goods 2", "Goods 3", "Goods 4"])
        }
    }
}

/// What the article says beyond its own tests: the replayed catalog's state, and a stub in front
/// of the recording (`StubTransport(fallback: ReplayTransport(…))`).
@Suite("Docs: Testing offline")
@MainActor
struct TestingOfflineDocTests {
    private typealias Doc = TestingOfflineDoc

    @Test("the replayed catalog: two pages read without an error, and more to come")
    func replayedCatalogState() async {
        let recorded = ReplayTransport(recordingsNamed: "Recordings", in: .module)
        let model = Doc.GoodsListModel(provider: Provider(transport: recorded, envelope: Doc.shopEnvelope))

        for _ in 1...2 { await model.loadNextPage() }

        #expect(model.errorMessage == nil)
        #expect(model.titles == ["Goods 1", "Goods 2", "Goods 3", "Goods 4"])
        #expect(!model.isLastPage, "the recorded catalog has 12 pages")
    }

    @Test("a stub overrides one call of the recording; the others replay")
    func aStubOverridesOneCallOfTheRecording() async {
        let stubs = StubTransport(fallback: ReplayTransport(recordingsNamed: "Recordings", in: .module))
        stubs.when(Doc.ShopAPI.goods(page: 2, categoryId: 1)).respond(.offline)
        let model = Doc.GoodsListModel(provider: Provider(transport: stubs, envelope: Doc.shopEnvelope))

        for _ in 1...2 { await model.loadNextPage() }

        #expect(model.titles == ["Goods 1", "Goods 2"])
        #expect(model.errorMessage != nil)
        #expect(stubs.sentRequests.map { $0.formBody["pageCurrent"] } == ["1", "2"])
    }
}
