import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The examples of Courier.docc's "Business envelopes and errors"
// (Articles/BusinessEnvelopesAndErrors.md), as written there. `BoxOfficeAPI`, `Film`,
// `LiveRoomAPI`, `LiveRoom`, `show`, `goToLogin`, `hud` and `log` stand for the app's own.

enum EnvelopesDoc {
    struct Goods: Codable, Sendable, Equatable {
        let id: Int
        let categoryId: Int
        let productName: String
        let introduction: String
        let imgId: String
        let price: Double
        let priceUnit: String
    }

    enum MallAPI: TargetType {
        case product(id: Int)
        case login(user: String)
        case deleteAddress(id: Int)
        case goods(page: Int, categoryId: Int)

        var baseURL: URL { URL(string: "https://mall.example.com")! }
        var path: String {
            switch self {
            case .product: "/mallProductsInfo/getProduct"
            case .login: "/user/login"
            case .deleteAddress: "/address/delete"
            case .goods: "/mallProductsInfo/getProductList"
            }
        }
        var method: HTTPMethod { .post }
        var task: RequestTask {
            switch self {
            case .product(let id), .deleteAddress(let id):
                .requestParameters(parameters: ["id": id], encoding: URLEncoding.httpBody)
            case .login(let user):
                .requestParameters(parameters: ["user": user], encoding: URLEncoding.httpBody)
            case .goods(let page, let categoryId):
                .requestParameters(
                    parameters: ["pageCurrent": page, "pageSize": 10, "categoryId": categoryId],
                    encoding: URLEncoding.httpBody)
            }
        }
    }

    // MARK: The app's own, which the article only names (the fixtures' types)

    typealias Film = CourierTests.Film
    typealias BoxOfficeAPI = CourierTests.BoxOfficeAPI
    typealias LiveRoom = CourierTests.LiveRoom
    typealias LiveRoomAPI = CourierTests.LiveRoomAPI

    struct HUD {
        func show(_ message: String) {}
    }

    static let hud = HUD()
    static func show(_ rooms: [LiveRoom]) {}
    static func goToLogin() {}
    static func log(_ line: String) {}

    // MARK: "Three dialects, one line each"

    static func shopDialect() async throws {
        let mall = Provider<MallAPI>(envelope: JSONEnvelope(expiredCodes: ["915", "916"], successFlagKey: "succeed"))

        let tea = try await mall.request(.product(id: 7), as: Goods.self)  // data is an object
        let token = try await mall.request(.login(user: "ann"), as: String.self)  // data is a string
        try await mall.requestStatus(.deleteAddress(id: 3))  // nobody reads data
        keep(tea, token)
    }

    static func rankDialect() async throws {
        let rankEnvelope = JSONEnvelope(
            codeKey: "resultcode", messageKey: "reason", dataKey: "result", successCodes: ["200"])
        let siblingEnvelope = JSONEnvelope(codeKey: "resultCode", messageKey: "resultMsg", successCodes: ["200"])

        let boxOffice = Provider<BoxOfficeAPI>(envelope: rankEnvelope)
        let films = try await boxOffice.request(.rank(area: "CN"), as: [Film].self)
        keep(siblingEnvelope, films)
    }

    static func liveDialect() async {
        let live = Provider<LiveRoomAPI>(envelope: JSONEnvelope(expiredCodes: ["-1"]))
        do {
            let rooms = try await live.request(.hotLive(page: 1), as: [LiveRoom].self)
            show(rooms)
        } catch CourierError.sessionExpired {
            goToLogin()
        } catch let error as CourierError {
            hud.show(error.userMessage)  // the server's msg, or a generic sentence when it sent none
        } catch {}
    }

    // MARK: "How a response is classified"

    static func optionalPayloads(mall: Provider<MallAPI>) async throws {
        let maybe = try await mall.request(.product(id: 8), as: Goods?.self)  // nil when data is missing or null
        _ = try await mall.request(.deleteAddress(id: 3), as: IgnoredPayload?.self)  // same as requestStatus
        keep(maybe as Any)
    }

    // MARK: "Enveloped and raw endpoints in one API"

    enum ReportAPI: TargetType, EnvelopeOverriding {
        case summary
        case health
        case rank(area: String)

        var baseURL: URL { URL(string: "https://reports.example.com")! }
        var path: String {
            switch self {
            case .summary: "/summary"
            case .health: "/health"
            case .rank: "/boxoffice/rank"
            }
        }
        var method: HTTPMethod { .get }
        var task: RequestTask { .requestPlain }

        var envelope: EnvelopeOverride {
            switch self {
            case .summary: .inherited  // the provider's envelope
            case .health: .raw  // no envelope: the whole body
            case .rank: .custom(JSONEnvelope(codeKey: "resultcode", dataKey: "result", successCodes: ["200"]))
            }
        }
    }

    // MARK: "A custom envelope"

    struct ShopEnvelope: ResponseEnvelope {
        private let json = JSONEnvelope(expiredCodes: ["915", "916"], successFlagKey: "succeed")
        private static let loginPrompts: Set<String> = [
            "please to login", "Request failed: unauthorized (401)", "This request token is expired",
        ]

        func decode<T: Decodable>(_ type: T.Type, from response: Response, using decoder: JSONDecoder) throws -> T {
            // A bare string instead of JSON: a login prompt means the session is gone.
            if response.data.count < 64, let text = String(data: response.data, encoding: .utf8),
                Self.loginPrompts.contains(text.trimmingCharacters(in: .whitespacesAndNewlines))
            {
                throw CourierError.sessionExpired(response)
            }
            do {
                return try json.decode(T.self, from: response, using: decoder)
            } catch CourierError.business(code: "404", _, _) {
                // An HTTP 404 reported inside the JSON: fail as that HTTP status would.
                let notFound = Response(statusCode: 404, data: response.data, request: response.request)
                throw CourierError.statusCode(notFound)
            }
        }
    }

    static let shop = Provider<MallAPI>(envelope: ShopEnvelope())

    // MARK: "Error codes"

    static func errorCodes(mall: Provider<MallAPI>) async throws {
        do {
            try await mall.requestStatus(.deleteAddress(id: 3))
        } catch let error as CourierError {
            log("courier \(error.code): \(error)")
            if error.code == 5003 { goToLogin() } else { hud.show(error.userMessage) }
        }
    }

    // MARK: "Paged lists"

    static func pagedLists(mall: Provider<MallAPI>) async throws {
        let goods = mall.pages(of: Page<Goods>.self) { page in .goods(page: page, categoryId: 1) }

        for try await page in goods {
            print("page \(page.current) of \(page.pages): \(page.records.count) of \(page.total) goods")
        }
        for try await item in goods.records.prefix(15) {  // fetches 2 pages, not all
            print(item.productName, item.price)
        }
    }

    struct FeedPage: Decodable, PagePayload {
        let items: [Goods]
        let hasMore: Bool

        var records: [Goods] { items }
        var hasNextPage: Bool { hasMore }
    }

    // MARK: "Decoding without an envelope"

    static func responseMapping(boxOffice: Provider<BoxOfficeAPI>) async throws {
        let response = try await boxOffice.request(.rank(area: "CN"))
        let names = try response.filterSuccessfulStatusCodes().map([Film].self, atKeyPath: "result")
        let total = try response.map(Int.self, atKeyPath: "error_code")
        keep(names, total)
    }
}
