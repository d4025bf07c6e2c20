import CourierMoyaCompat
import Foundation
import Testing

/// Fixtures/ShopAPI.moya11 (Moya 11: `Manager`, `import Result`, `Moya.ParameterEncoding`,
/// `Moya.StubBehavior`, a `RequestType` plugin) ported by renames as ShopAPI+Compat.swift: it
/// compiles and behaves as under Moya.
@Suite struct LegacyPortTests {
    @Test func aStubBehaviorFunctionStubsTheProducts() async throws {
        let products = await withCheckedContinuation { continuation in
            loadProducts(makeShopProvider()) { continuation.resume(returning: $0) }
        }
        #expect(try products.get().map(\.name) == ["kettle"])
    }

    @Test func theParameterEncodingPropertyEncodesEachCase() throws {
        let products = try MoyaProvider.defaultEndpointMapping(for: ShopAPI.products(category: "kitchen", page: 2))
            .urlRequest()
        #expect(products.url?.query == "category=kitchen&page=2")
        let checkout = try MoyaProvider.defaultEndpointMapping(for: ShopAPI.checkout(cartID: 9)).urlRequest()
        #expect(checkout.url?.path == "/api/carts/9/checkout")
        let body = try #require(checkout.httpBody)
        #expect(try JSONSerialization.jsonObject(with: body) as? [String: Bool] == ["confirm": true])
    }

    @Test func theManagerIsAURLSessionTransportWithItsConfiguration() {
        #expect(shopManager.session.configuration.timeoutIntervalForRequest == 20)
        #expect(plainShopProvider.provider.transport is URLSessionTransport)
        #expect(MoyaProvider<ShopAPI>.defaultAlamofireManager() !== shopManager)
    }

    @Test func aRequestTypePluginIsCourierSWillSend() throws {
        let request = URLRequest(url: try #require(URL(string: "https://shop.example.com/api/products")))
        let plugin: any PluginType = ShopLogPlugin()
        #expect(request.request == request)
        plugin.willSend(request, target: ShopAPI.hang)
    }
}
