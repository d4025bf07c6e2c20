import CourierTesting
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The shop API of the README's testing section: form POSTs, a GET with a query, a JSON login,
/// a call that needs a token, and a download.
enum ShopAPI: TargetType {
    case goods(page: Int, categoryId: Int)
    case product(id: Int)
    case login(user: String, password: String)
    case me
    case avatar(saveTo: URL)

    var baseURL: URL { URL(string: "https://shop.example.com")! }

    var path: String {
        switch self {
        case .goods: "/mallProductsInfo/getProductList"
        case .product: "/mallProductsInfo/getProduct"
        case .login: "/auth/login"
        case .me: "/auth/me"
        case .avatar: "/files/avatar.png"
        }
    }

    var method: HTTPMethod {
        switch self {
        case .goods, .login: .post
        case .product, .me, .avatar: .get
        }
    }

    var task: RequestTask {
        switch self {
        case .goods(let page, let categoryId):
            .requestParameters(
                parameters: ["pageCurrent": page, "pageSize": 2, "categoryId": categoryId],
                encoding: URLEncoding.httpBody)
        case .product(let id):
            .requestParameters(parameters: ["id": id], encoding: URLEncoding.queryString)
        case .login(let user, let password):
            .requestJSONEncodable(Credentials(user: user, password: password))
        case .me:
            .requestPlain
        case .avatar(let destination):
            .downloadDestination { _, _ in destination }
        }
    }

    var validationType: ValidationType { .successCodes }

    var sampleData: Data {
        Data(#"{"succeed":true,"code":0,"msg":"ok","data":{"user":"sample"}}"#.utf8)
    }
}

/// What `ShopAPI.login` sends.
struct Credentials: Codable, Equatable, Sendable {
    var user: String
    var password: String
}

/// One product.
struct Goods: Codable, Equatable, Sendable {
    var id: Int
    var productName: String
}

/// A page of goods: `{size, current, pages, total, records}`.
struct GoodsPage: Codable, Equatable, Sendable {
    var current: Int
    var pages: Int
    var records: [Goods]
}

/// The shop's envelope: `{"succeed", "code", "msg", "data"}`.
let shopEnvelope = JSONEnvelope(successFlagKey: "succeed")

/// The shop envelope around `data`, as JSON text.
func shopJSON(_ data: String) -> String {
    #"{"succeed":true,"code":0,"msg":"ok","data":\#(data)}"#
}

/// A page of `count` goods numbered from `first`.
func goodsPageJSON(current: Int, pages: Int, first: Int, count: Int = 2) -> String {
    let records = (first..<first + count).map { #"{"id":\#($0),"productName":"Goods \#($0)"}"# }
    return shopJSON(#"{"current":\#(current),"pages":\#(pages),"records":[\#(records.joined(separator: ","))]}"#)
}
