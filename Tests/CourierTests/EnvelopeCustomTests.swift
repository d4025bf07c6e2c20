import Courier
import Foundation
import Testing

/// The Business envelopes and errors guide's worked custom envelope (`ShopEnvelope` in EnvelopeFixtures.swift): bare-string
/// login prompts, an HTTP 404 inside the JSON, and everything else delegated to `JSONEnvelope`.
@Suite("A custom envelope")
struct EnvelopeCustomTests {
    @Test(
        "bare-string login prompts are an expired session",
        arguments: [
            "please to login", "Request failed: unauthorized (401)", "This request token is expired",
            "please to login\n",
        ])
    func loginPrompts(body: String) async {
        let provider = Provider<MallAPI>.answering(body, envelope: ShopEnvelope())
        for error in [
            await courierError { try await provider.request(.product(id: 7), as: Goods.self) },
            await courierError { try await provider.request(.deleteAddress(id: 7)) },
        ] {
            guard case .sessionExpired(let response) = error else {
                Issue.record("expected .sessionExpired, got \(String(describing: error))")
                continue
            }
            #expect(response.data == Data(body.utf8))
        }
    }

    @Test("another bare string is still not JSON")
    func otherBareString() async {
        let provider = Provider<MallAPI>.answering("maintenance until 6am", envelope: ShopEnvelope())
        let error = await courierError { try await provider.request(.product(id: 7), as: Goods.self) }
        #expect(error?.code == 4001)
    }

    @Test("\"code\": 404 inside the JSON fails as HTTP 404")
    func notFoundInJSON() async {
        let provider = Provider<MallAPI>.answering(#"{"code":404,"msg":"Not Found"}"#, envelope: ShopEnvelope())
        let error = await courierError { try await provider.request(.product(id: 7), as: Goods.self) }
        guard case .statusCode(let response) = error else {
            Issue.record("expected .statusCode, got \(String(describing: error))")
            return
        }
        #expect(response.statusCode == 404)
        #expect(error?.userMessage == "The server could not handle the request (HTTP 404).")
    }

    @Test("everything else goes to JSONEnvelope")
    func delegates() async throws {
        let ok = Provider<MallAPI>.answering(
            #"{"succeed":true,"code":0,"data":"token-abc123"}"#, envelope: ShopEnvelope())
        #expect(try await ok.request(.login(user: "ann"), as: String.self) == "token-abc123")

        let failed = Provider<MallAPI>.answering(
            #"{"succeed":false,"code":919,"msg":"库存不足"}"#, envelope: ShopEnvelope())
        let error = await courierError { try await failed.request(.product(id: 7), as: Goods.self) }
        #expect(error?.code == 5001)

        let expired = Provider<MallAPI>.answering(#"{"code":916,"msg":"token invalid"}"#, envelope: ShopEnvelope())
        let expiredError = await courierError { try await expired.request(.product(id: 7), as: Goods.self) }
        #expect(expiredError?.code == 5003)
    }
}
