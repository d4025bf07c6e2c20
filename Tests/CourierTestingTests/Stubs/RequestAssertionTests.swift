import CourierTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Request assertions: what a view model sent, in order")
@MainActor
struct RequestAssertionTests {
    @Test func theViewModelAsksForEachPageOnceAndInOrder() async throws {
        let stubs = StubTransport()
        stubs.when(ShopAPI.goods(page: 1, categoryId: 3)).respond(.json(goodsPageJSON(current: 1, pages: 2, first: 1)))
        stubs.when(ShopAPI.goods(page: 2, categoryId: 3)).respond(.json(goodsPageJSON(current: 2, pages: 2, first: 3)))
        let model = GoodsListModel(
            provider: Provider(transport: stubs, plugins: [CommonHeadersPlugin()], envelope: shopEnvelope),
            categoryId: 3)

        await model.loadNextPage()
        await model.loadNextPage()
        await model.loadNextPage()  // the last page was reached: nothing is sent

        #expect(model.titles == ["Goods 1", "Goods 2", "Goods 3", "Goods 4"])
        #expect(model.isLastPage)
        let sent = stubs.sentRequests
        #expect(sent.count == 2)
        #expect(sent.map(\.method) == ["POST", "POST"])
        #expect(sent.map(\.httpMethod) == [.post, .post])
        #expect(sent.map(\.path) == ["/mallProductsInfo/getProductList", "/mallProductsInfo/getProductList"])
        #expect(sent.map { $0.formBody["pageCurrent"] } == ["1", "2"])
        #expect(sent.allSatisfy { $0.formBody["categoryId"] == "3" && $0.header("x-app-version") == "3.2.0" })
        #expect(stubs.requests(to: ShopAPI.goods(page: 2, categoryId: 3)).count == 1)
    }

    @Test func aFailedPageShowsTheErrorAndCanBeRetried() async throws {
        let stubs = StubTransport()
        stubs.when(ShopAPI.goods(page: 1, categoryId: 1)).respond(
            .offline, .json(goodsPageJSON(current: 1, pages: 1, first: 1)))
        let model = GoodsListModel(provider: Provider(transport: stubs, envelope: shopEnvelope))

        await model.loadNextPage()
        let failure = model.errorMessage
        await model.loadNextPage()

        #expect(failure != nil)
        #expect(model.errorMessage == nil)
        #expect(model.titles == ["Goods 1", "Goods 2"])
        #expect(stubs.sentRequests.count == 2)
    }

    @Test func theJSONBodyAndTheQueryCanBeReadBack() async throws {
        let stubs = StubTransport()
        stubs.when(.any).respond(.json(shopJSON("{}")))
        let provider = Provider<ShopAPI>(transport: stubs, envelope: shopEnvelope)

        _ = try await provider.request(.login(user: "ada", password: "pw"))
        _ = try await provider.request(.product(id: 42))

        let (login, product) = (stubs.sentRequests[0], stubs.sentRequests[1])
        #expect(try login.decodeBody(Credentials.self) == Credentials(user: "ada", password: "pw"))
        #expect(login.header("Content-Type") == "application/json")
        #expect(product.query == ["id": "42"])
        #expect(product.queryItems == [URLQueryItem(name: "id", value: "42")])
        #expect(product.body == nil)
        #expect(throws: StubTransportError.self) { try product.decodeBody(Credentials.self) }
    }

    @Test func anyBodyCanBeReadAsAFormWithoutCrashing() throws {
        var request = URLRequest(url: try #require(URL(string: "https://shop.example.com/notes")))
        request.httpBody = Data("not a form: <b> 100% {\"x\": 1}\nsecond line".utf8)
        let sent = SentRequest(TransportRequest(urlRequest: request))

        #expect(sent.formBody == ["not a form: <b> 100% {\"x\": 1}\nsecond line": ""])
        #expect(sent.bodyString?.hasPrefix("not a form") == true)
    }

    @Test func formValuesAreDecoded() throws {
        var request = URLRequest(url: try #require(URL(string: "https://shop.example.com/search")))
        request.httpBody = Data("q=rice+cooker&tag=%E7%94%B5&empty=&flag".utf8)
        let sent = SentRequest(TransportRequest(urlRequest: request))

        #expect(sent.formBody == ["q": "rice cooker", "tag": "电", "empty": "", "flag": ""])
    }
}
