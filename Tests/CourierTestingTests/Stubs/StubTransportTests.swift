import CourierTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("StubTransport: per-test answers through the real pipeline")
struct StubTransportTests {
    @Test func answersATargetThroughPluginsValidationAndTheEnvelope() async throws {
        let stubs = StubTransport()
        stubs.when(ShopAPI.product(id: 7)).respond(.json(shopJSON(#"{"id":7,"productName":"Rice cooker"}"#)))
        let provider = Provider<ShopAPI>(transport: stubs, plugins: [CommonHeadersPlugin()], envelope: shopEnvelope)

        let goods = try await provider.request(.product(id: 7), as: Goods.self)

        #expect(goods == Goods(id: 7, productName: "Rice cooker"))
        let sent = try #require(stubs.sentRequests.first)
        #expect(sent.header("X-App-Version") == "3.2.0")
        #expect(sent.url?.absoluteString == "https://shop.example.com/mallProductsInfo/getProduct?id=7")
    }

    @Test func aBusinessFailureInTheStubbedBodyIsABusinessError() async throws {
        let stubs = StubTransport()
        stubs.when(ShopAPI.product(id: 8)).respond(json: #"{"succeed":false,"code":919,"msg":"库存不足"}"#)
        let provider = Provider<ShopAPI>(transport: stubs, envelope: shopEnvelope)

        await #expect {
            _ = try await provider.request(.product(id: 8), as: Goods.self)
        } throws: { error in
            guard case .business(let code, let message, _) = error as? CourierError else { return false }
            return code == "919" && message == "库存不足"
        }
    }

    @Test func aStubbedStatusGoesThroughValidation() async throws {
        let stubs = StubTransport()
        stubs.when(ShopAPI.product(id: 1)).respond(status: 503, headers: ["Retry-After": "5"], body: Data("busy".utf8))
        let provider = Provider<ShopAPI>(transport: stubs)

        let error = try await #require(throws: CourierError.self) { try await provider.request(.product(id: 1)) }

        guard case .statusCode(let response) = error else {
            Issue.record("expected .statusCode, got \(error)")
            return
        }
        #expect(response.statusCode == 503)
        #expect(response.value(forHTTPHeaderField: "retry-after") == "5")
        #expect(String(decoding: response.data, as: UTF8.self) == "busy")
    }

    @Test func aStubbedFailureReachesTheCallerAsTheTransportError() async throws {
        let stubs = StubTransport()
        stubs.when(ShopAPI.me).respond(.offline)
        let provider = Provider<ShopAPI>(transport: stubs)

        let error = try await #require(throws: CourierError.self) { try await provider.request(.me) }

        #expect((error.underlyingError as? URLError)?.code == .notConnectedToInternet)
    }

    @Test func aSequenceAnswers401ThenTheRefreshedCallSucceeds() async throws {
        let stubs = StubTransport()
        stubs.when(ShopAPI.me).respond(
            .json(#"{"code":401,"msg":"token expired"}"#, status: 401),
            .json(shopJSON(#"{"user":"ada"}"#)))
        let plugin = RefreshingTokenPlugin(token: "old-token", refreshedToken: "new-token")
        let provider = Provider<ShopAPI>(transport: stubs, plugins: [plugin], envelope: shopEnvelope)

        let user = try await provider.request(.me, as: [String: String].self)
        let again = try await provider.request(.me, as: [String: String].self)

        #expect(user == ["user": "ada"])
        #expect(again == ["user": "ada"], "the last answer repeats")
        #expect(
            stubs.sentRequests.map { $0.header("Authorization") } == [
                "Bearer old-token", "Bearer new-token", "Bearer new-token",
            ])
    }

    @Test func theNewestMatchingStubAnswers() async throws {
        let stubs = StubTransport()
        stubs.when(.any).respond(status: 404)
        stubs.when(ShopAPI.product(id: 2)).respond(.json(shopJSON(#"{"id":2,"productName":"Kettle"}"#)))
        let provider = Provider<ShopAPI>(transport: stubs, envelope: shopEnvelope)

        let kettle = try await provider.request(.product(id: 2), as: Goods.self)
        let other = try await #require(throws: CourierError.self) { try await provider.request(.product(id: 3)) }

        #expect(kettle.productName == "Kettle")
        #expect(other.response?.statusCode == 404)
    }

    @Test func anUnmatchedRequestFailsNamingTheRequestAndTheStubs() async throws {
        let stubs = StubTransport()
        stubs.when(ShopAPI.product(id: 1)).respond(status: 200)
        let provider = Provider<ShopAPI>(transport: stubs)

        let error = try await #require(throws: CourierError.self) { try await provider.request(.product(id: 2)) }

        let stubError = try #require(error.underlyingError as? StubTransportError)
        let message = try #require(stubError.errorDescription)
        #expect(message.contains("GET https://shop.example.com/mallProductsInfo/getProduct?id=2"))
        #expect(message.contains("product(id: 1) (GET /mallProductsInfo/getProduct?id=1)"))
        #expect(stubs.sentRequests.count == 1, "an unmatched request is still logged")
    }

    @Test func removingAllStubsLeavesNothingToAnswer() async throws {
        let stubs = StubTransport()
        stubs.when(.any).respond(status: 200)
        stubs.removeAllStubs()
        let provider = Provider<ShopAPI>(transport: stubs)

        let error = try await #require(throws: CourierError.self) { try await provider.request(.me) }

        #expect(error.underlyingError is StubTransportError)
    }

    @Test func unmatchedRequestsGoToTheFallback() async throws {
        let recorded = StubTransport()
        recorded.when(.any).respond(.text("from the fallback"))
        let stubs = StubTransport(fallback: recorded)
        stubs.when(ShopAPI.me).respond(.text("from the stub"))
        let provider = Provider<ShopAPI>(transport: stubs)

        let me = try await provider.request(.me)
        let product = try await provider.request(.product(id: 1))

        #expect(try me.mapString() == "from the stub")
        #expect(try product.mapString() == "from the fallback")
    }

    @Test func aDelayedAnswerArrivesAfterItsDelay() async throws {
        let stubs = StubTransport()
        stubs.when(ShopAPI.me).respond(.text("late").delayed(by: 0.2))
        let provider = Provider<ShopAPI>(transport: stubs)

        let (response, seconds) = try await elapsedSeconds { try await provider.request(.me) }

        #expect(try response.mapString() == "late")
        #expect(seconds >= 0.2)
    }

    @Test func cancellingEndsADelayedAnswerAtOnce() async throws {
        let stubs = StubTransport()
        stubs.when(ShopAPI.me).respond(.text("never").delayed(by: 30))
        let (sending, signal) = AsyncStream.makeStream(of: Void.self)
        let provider = Provider<ShopAPI>(transport: stubs, plugins: [SendSignalPlugin(continuation: signal)])

        let call = Task { try await provider.request(.me) }
        var iterator = sending.makeAsyncIterator()
        await iterator.next()
        call.cancel()
        let result = await call.result
        // Without cancellation the stub would answer after 30 s, with a success: a cancelled error
        // proves the delay was cut short, with no time bound that a loaded machine could break.
        guard case .failure(let error) = result else {
            Issue.record("the call succeeded")
            return
        }
        #expect((error as? CourierError)?.isCancelled == true)
    }

    @Test func aTargetStubIgnoresCommonParametersAndTheHost() async throws {
        let stubs = StubTransport()
        stubs.when(ShopAPI.goods(page: 2, categoryId: 1)).respond(.json(goodsPageJSON(current: 2, pages: 2, first: 3)))
        // The app adds a common parameter to every call and sends them to another host.
        let provider = Provider<ShopAPI>(
            endpointClosure: { Provider.defaultEndpointMapping(for: $0).adding(parameters: ["channel": "ios"]) },
            requestClosure: { endpoint in
                var request = try endpoint.urlRequest()
                request.url = request.url.flatMap {
                    URL(string: $0.absoluteString.replacingOccurrences(of: "shop.", with: "staging."))
                }
                return request
            },
            transport: stubs, envelope: shopEnvelope)

        let page = try await provider.request(.goods(page: 2, categoryId: 1), as: GoodsPage.self)
        let other = try await #require(throws: CourierError.self) {
            try await provider.request(.goods(page: 3, categoryId: 1))
        }

        #expect(page.records.map(\.id) == [3, 4])
        #expect(stubs.sentRequests.first?.formBody["channel"] == "ios")
        #expect(stubs.sentRequests.first?.url?.host == "staging.example.com")
        #expect(other.underlyingError is StubTransportError, "page 3 is another request")
    }

    @Test func aJSONBodyTargetMatchesByItsFields() async throws {
        let stubs = StubTransport()
        stubs.when(ShopAPI.login(user: "ada", password: "pw-1")).respond(.json(shopJSON(#"{"token":"t-ada"}"#)))
        stubs.when(ShopAPI.login(user: "bob", password: "pw-2")).respond(.json(shopJSON(#"{"token":"t-bob"}"#)))
        let provider = Provider<ShopAPI>(transport: stubs, envelope: shopEnvelope)

        let ada = try await provider.request(.login(user: "ada", password: "pw-1"), as: [String: String].self)
        let bob = try await provider.request(.login(user: "bob", password: "pw-2"), as: [String: String].self)

        #expect(ada["token"] == "t-ada")
        #expect(bob["token"] == "t-bob")
    }

    @Test func aPredicateStubSeesTheSentRequest() async throws {
        let stubs = StubTransport()
        stubs.when("page 2 of any category") { $0.formBody["pageCurrent"] == "2" }
            .respond(.json(goodsPageJSON(current: 2, pages: 9, first: 10)))
        let provider = Provider<ShopAPI>(transport: stubs, envelope: shopEnvelope)

        let page = try await provider.request(.goods(page: 2, categoryId: 42), as: GoodsPage.self)

        #expect(page.records.first?.id == 10)
    }

    @Test func sampleDataAndEncodableAnswers() async throws {
        let stubs = StubTransport()
        stubs.when(ShopAPI.me).respond(.sampleData(of: ShopAPI.me))
        stubs.when(.path("/mallProductsInfo/getProduct", method: .get))
            .respond(.json(["succeed": "true", "code": "0", "msg": "ok"], status: 200))
        let provider = Provider<ShopAPI>(transport: stubs)

        let me = try await provider.request(.me)
        let product = try await provider.request(.product(id: 5))

        #expect(me.data == ShopAPI.me.sampleData)
        #expect(product.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(try product.map([String: String].self)["msg"] == "ok")
    }

    @Test func aStubbedDownloadLandsAtItsDestination() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("avatar.png")
        let stubs = StubTransport()
        stubs.when(.path("/files/avatar.png")).respond(status: 200, body: Data([0x89, 0x50, 0x4E, 0x47]))
        let provider = Provider<ShopAPI>(transport: stubs)

        let response = try await provider.request(.avatar(saveTo: destination))

        #expect(response.fileURL == destination)
        #expect(try Data(contentsOf: destination) == Data([0x89, 0x50, 0x4E, 0x47]))
    }
}
