import Courier
import CourierPlugins
import Foundation

/// The shop backend: `{"succeed", "code", "msg", "data"}` envelopes, a token on
/// every call but the public ones, and "please to login" answered as a bare string.
enum MallAPI: TargetType, AccessTokenAuthorizable {
    /// A page of goods: POST `/mallProductsInfo/getProductList`.
    case goods(GoodsQuery)
    /// One product by id.
    case product(id: Int)
    /// An order the backend refuses with a business failure.
    case createOrder(productId: Int)
    /// The cart, which the backend answers with a bare "please to login" once the session is gone.
    case cart

    var baseURL: URL { DemoHosts.mall }

    var path: String {
        switch self {
        case .goods: "/mallProductsInfo/getProductList"
        case .product: "/mallProductsInfo/getProduct"
        case .createOrder: "/mallOrder/create"
        case .cart: "/mallCart/list"
        }
    }

    var method: HTTPMethod {
        switch self {
        case .cart: .get
        default: .post
        }
    }

    var task: RequestTask {
        switch self {
        case .goods(let query):
            .requestParameters(
                parameters: [
                    "pageCurrent": query.pageCurrent, "pageSize": query.pageSize, "categoryId": query.categoryId,
                ],
                encoding: URLEncoding.httpBody)
        case .product(let id), .createOrder(productId: let id):
            .requestParameters(parameters: ["id": id], encoding: URLEncoding.httpBody)
        case .cart:
            .requestPlain
        }
    }

    /// The goods list is public; everything else carries the user's token.
    var authorizationType: AuthorizationType? {
        switch self {
        case .goods: nil
        default: .bearer
        }
    }

    var validationType: ValidationType { .successCodes }

    var sampleData: Data {
        switch self {
        case .goods(let query):
            DemoJSON.envelope(["succeed": true, "code": 0, "msg": "查询成功"], data: SampleCatalog.page(query))
        case .product(let id):
            DemoJSON.envelope(
                ["succeed": true, "code": 0, "msg": "查询成功"],
                data: SampleCatalog.goods(categoryId: 1).first { $0.id == id })
        case .createOrder:
            Data(#"{"succeed":false,"code":919,"msg":"库存不足"}"#.utf8)
        case .cart:
            Data("please to login".utf8)
        }
    }
}

/// The shop's envelope: `JSONEnvelope` for JSON, and the backend's bare-string login prompts
/// classified as an expired session (the custom-envelope example of the Business envelopes and errors guide).
struct ShopEnvelope: ResponseEnvelope {
    private let json = JSONEnvelope(expiredCodes: ["915", "916"], successFlagKey: "succeed")
    private static let loginPrompts: Set<String> = [
        "please to login", "Request failed: unauthorized (401)", "This request token is expired",
    ]

    func decode<T: Decodable>(_ type: T.Type, from response: Response, using decoder: JSONDecoder) throws -> T {
        if response.data.count < 64, let text = String(data: response.data, encoding: .utf8),
            Self.loginPrompts.contains(text.trimmingCharacters(in: .whitespacesAndNewlines))
        {
            throw CourierError.sessionExpired(response)
        }
        return try json.decode(T.self, from: response, using: decoder)
    }
}
