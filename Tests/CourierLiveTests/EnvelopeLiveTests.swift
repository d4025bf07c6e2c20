import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Every envelope shape and failure, served by the scenario server over real HTTP.
@Suite("Envelopes against the scenario server", .requiresScenarioServer)
struct EnvelopeLiveTests {
    struct Goods: Decodable, Equatable {
        let id: Int
        let categoryId: Int
        let productName: String
        let introduction: String
        let imgId: String
        let price: Double
        let priceUnit: String
    }

    struct Film: Decodable, Equatable {
        let rid: String
        let name: String
        let wboxoffice: String
    }

    struct LiveRoom: Decodable, Equatable {
        let roomId: Int
        let title: String
        let online: Int
    }

    struct Named: Decodable, Equatable {
        let name: String
    }

    /// One scenario-server route.
    struct Route: TargetType, EnvelopeOverriding {
        var baseURL: URL
        var path: String
        var method: HTTPMethod = .get
        var task: RequestTask = .requestPlain
        var validationType: ValidationType = .none
        var envelope: EnvelopeOverride = .inherited
    }

    static let shop = JSONEnvelope(expiredCodes: ["915", "916"], successFlagKey: "succeed")
    static let rank = JSONEnvelope(
        codeKey: "resultcode", messageKey: "reason", dataKey: "result", successCodes: ["200"])

    /// The shop envelope plus the backend's bare-string login prompts and in-JSON 404 (the Business envelopes and errors guide's example).
    struct ShopEnvelope: ResponseEnvelope {
        private static let loginPrompts: Set<String> = [
            "please to login", "Request failed: unauthorized (401)", "This request token is expired",
        ]

        func decode<T: Decodable>(_ type: T.Type, from response: Response, using decoder: JSONDecoder) throws -> T {
            if response.data.count < 64, let text = String(data: response.data, encoding: .utf8),
                Self.loginPrompts.contains(text.trimmingCharacters(in: .whitespacesAndNewlines))
            {
                throw CourierError.sessionExpired(response)
            }
            do {
                return try EnvelopeLiveTests.shop.decode(T.self, from: response, using: decoder)
            } catch CourierError.business(code: "404", _, _) {
                throw CourierError.statusCode(Response(statusCode: 404, data: response.data, request: response.request))
            }
        }
    }

    private func route(_ path: String, method: HTTPMethod = .get, query: [String: any Sendable] = [:]) throws -> Route {
        let task: RequestTask =
            query.isEmpty ? .requestPlain : .requestParameters(parameters: query, encoding: URLEncoding.queryString)
        return Route(baseURL: try LiveServers.url(for: .scenario), path: path, method: method, task: task)
    }

    private func provider(_ envelope: (any ResponseEnvelope)?) -> Provider<Route> {
        Provider<Route>(transport: TestTransport.make(), envelope: envelope)
    }

    private func error<T>(_ body: () async throws -> T) async -> CourierError? {
        do {
            _ = try await body()
            Issue.record("expected a CourierError")
        } catch let error as CourierError {
            return error
        } catch {
            Issue.record("expected a CourierError, got \(error)")
        }
        return nil
    }

    // MARK: the shop backend

    @Test("shop: ok decodes the goods, the token decodes as a string")
    func shopOK() async throws {
        let shop = provider(Self.shop)
        let goods = try await shop.request(route("envelope/shop/ok"), as: Goods.self)
        #expect(goods.id == 7)
        #expect(goods.productName == "Tea")
        #expect(goods.price == 12.5)
        #expect(try await shop.request(route("envelope/shop/token"), as: String.self) == "token-abc123")
        #expect(try await shop.request(route("envelope/shop/ok")).statusCode == 200)
    }

    @Test("shop: fail and succeed-false are business errors with the server's message")
    func shopFailures() async throws {
        let shop = provider(Self.shop)
        let fail = await error { try await shop.request(route("envelope/shop/fail"), as: Goods.self) }
        guard case .business(let code, let message, _) = fail else {
            Issue.record("expected .business, got \(String(describing: fail))")
            return
        }
        #expect(code == "919")
        #expect(message == "库存不足")

        let succeedFalse = await error { try await shop.request(route("envelope/shop/succeed-false")) }
        guard case .business(let code, let message, _) = succeedFalse else {
            Issue.record("expected .business, got \(String(describing: succeedFalse))")
            return
        }
        #expect(code == "0")
        #expect(message == "操作失败")
    }

    @Test("shop: no data and null data are payloadMissing, or nil for an optional")
    func shopMissing() async throws {
        let shop = provider(Self.shop)
        for path in ["envelope/shop/nodata", "envelope/shop/null-data"] {
            let missing = await error { try await shop.request(route(path), as: Goods.self) }
            #expect(missing?.code == 5002, "\(path)")
            #expect(try await shop.request(route(path), as: Goods?.self) == nil)
            #expect(try await shop.request(route(path)).statusCode == 200)
        }
    }

    @Test("shop: the wrong shape is objectMapping naming data")
    func shopWrongShape() async throws {
        let failure = await error {
            try await provider(Self.shop).request(route("envelope/shop/wrong-shape"), as: Goods.self)
        }
        guard case .objectMapping = failure else {
            Issue.record("expected .objectMapping, got \(String(describing: failure))")
            return
        }
        #expect(failure?.description.contains("data") == true)
    }

    @Test("shop: a 404 inside the JSON is business with JSONEnvelope, HTTP 404 with the custom envelope")
    func shopNotFoundInJSON() async throws {
        let plain = await error { try await provider(Self.shop).request(route("envelope/shop/http404-in-json")) }
        guard case .business(let code, let message, _) = plain else {
            Issue.record("expected .business, got \(String(describing: plain))")
            return
        }
        #expect(code == "404")
        #expect(message == "Not Found")
        let custom = await error { try await provider(ShopEnvelope()).request(route("envelope/shop/http404-in-json")) }
        #expect(custom?.response?.statusCode == 404)
        #expect(custom?.code == 3001)
    }

    @Test(
        "bare strings: jsonMapping with JSONEnvelope, sessionExpired with the custom envelope",
        arguments: ["bare/please-login", "bare/unauthorized", "bare/token-expired"])
    func bareStrings(path: String) async throws {
        let plain = await error { try await provider(Self.shop).request(route(path), as: Goods.self) }
        guard case .jsonMapping(let response) = plain else {
            Issue.record("expected .jsonMapping, got \(String(describing: plain))")
            return
        }
        #expect(!response.data.isEmpty)
        let custom = await error { try await provider(ShopEnvelope()).request(route(path), as: Goods.self) }
        #expect(custom?.code == 5003)
    }

    @Test("HTML pages are jsonMapping with the body kept", arguments: ["html/500", "html/200"])
    func htmlPages(path: String) async throws {
        let failure = await error { try await provider(Self.shop).request(route(path), as: Goods.self) }
        guard case .jsonMapping(let response) = failure else {
            Issue.record("expected .jsonMapping, got \(String(describing: failure))")
            return
        }
        #expect(String(decoding: response.data, as: UTF8.self).lowercased().contains("<html"))
        #expect(response.statusCode == (path == "html/500" ? 500 : 200))
    }

    @Test("an HTTP 401 is sessionExpired with or without an envelope")
    func http401() async throws {
        for envelope in [Self.shop, nil] as [(any ResponseEnvelope)?] {
            let failure = await error {
                try await provider(envelope).request(route("realms/envelope-live-tests/auth/me"), as: Goods.self)
            }
            #expect(failure?.code == 5003)
            #expect(failure?.response?.statusCode == 401)
        }
    }

    // MARK: the ranking API

    @Test("rank: the string result code and the film list; a failure code carries the reason")
    func rank() async throws {
        let rank = provider(Self.rank)
        let films = try await rank.request(route("envelope/rank", query: ["area": "CN"]), as: [Film].self)
        #expect(films == [Film(rid: "1", name: "Film", wboxoffice: "1.2亿")])
        let failure = await error { try await rank.request(route("envelope/rank/fail"), as: [Film].self) }
        guard case .business(let code, let message, _) = failure else {
            Issue.record("expected .business, got \(String(describing: failure))")
            return
        }
        #expect(code == "112")
        #expect(message == "超过每日可允许请求次数!")
    }

    @Test("resultCode: the integer 200 matches")
    func resultCodeInteger() async throws {
        let envelope = JSONEnvelope(codeKey: "resultCode", messageKey: "resultMsg", successCodes: ["200"])
        #expect(try await provider(envelope).request(route("envelope/resultcode-int"), as: Named.self).name == "x")
    }

    // MARK: the live-room app

    @Test("live: hot rooms, and the not-logged-in code")
    func live() async throws {
        let live = provider(JSONEnvelope(expiredCodes: ["-1"]))
        let rooms = try await live.request(route("envelope/live/hot", method: .post), as: [LiveRoom].self)
        #expect(rooms == [LiveRoom(roomId: 1, title: "Room 1", online: 321)])
        let failure = await error { try await live.request(route("envelope/live/login-required"), as: [LiveRoom].self) }
        #expect(failure?.code == 5003)
    }

    @Test("a nested data key path")
    func nested() async throws {
        let list = try await provider(JSONEnvelope(dataKey: "result.list")).request(
            route("envelope/nested"), as: [Int].self)
        #expect(list == [1, 2, 3])
    }

    @Test("a raw target on an enveloped provider decodes the whole body")
    func rawOverride() async throws {
        struct Health: Decodable {
            let ok: Bool
        }
        var health = try route("health")
        health.envelope = .raw
        #expect(try await provider(Self.shop).request(health, as: Health.self).ok)
    }
}
