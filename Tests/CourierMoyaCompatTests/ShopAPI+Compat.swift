import CourierMoyaCompat
import Foundation  // was `import Result`: Swift's own Result has its cases

// A Moya 11 API layer as public apps still have it (Alamofire 4, the Result package): a target
// enum with a `Moya.ParameterEncoding` property, a `Moya.StubBehavior` function, a `Manager` of
// its own, a plugin over `RequestType`, completion handlers over `Result`, and a logout that
// cancels everything. ShopAPI+Compat.swift is its port by renames; MigrationMeasureTests counts them.

struct Product: Decodable {
    let id: Int
    let name: String
}

enum ShopAPI {
    case products(category: String, page: Int)
    case checkout(cartID: Int)
    case hang
}

extension ShopAPI: TargetType {
    var baseURL: URL { return URL(string: "https://shop.example.com/api")! }

    var path: String {
        switch self {
        case .products: return "/products"
        case .checkout(let cartID): return "/carts/\(cartID)/checkout"
        case .hang: return "/fault/hang"
        }
    }

    var method: Moya.Method {
        switch self {
        case .checkout: return .post
        default: return .get
        }
    }

    var parameterEncoding: Moya.ParameterEncoding {
        switch self {
        case .checkout: return JSONEncoding.default
        default: return URLEncoding.queryString
        }
    }

    var task: RequestTask {
        switch self {
        case .products(let category, let page):
            return .requestParameters(parameters: ["category": category, "page": page], encoding: parameterEncoding)
        case .checkout:
            return .requestParameters(parameters: ["confirm": true], encoding: parameterEncoding)
        case .hang:
            return .requestPlain
        }
    }

    var sampleData: Data {
        return "[{\"id\": 7, \"name\": \"kettle\"}]".data(using: .utf8) ?? Data()
    }

    var headers: [String: String]? { return ["Accept": "application/json"] }
}

func shopStubBehavior(_ target: ShopAPI) -> Moya.StubBehavior {
    switch target {
    case .products: return .immediate
    default: return .never
    }
}

struct ShopLogPlugin: PluginType {
    func willSend(_ request: RequestType, target: TargetType) {
        guard let url = request.request?.url else { return }
        print("sending \(url.absoluteString)")
    }
}

let shopManager: Manager = {
    let configuration = URLSessionConfiguration.default
    configuration.timeoutIntervalForRequest = 20
    return Manager(configuration: configuration)
}()

func makeShopProvider(manager: Manager = shopManager) -> MoyaProvider<ShopAPI> {
    return MoyaProvider<ShopAPI>(stubClosure: shopStubBehavior, manager: manager, plugins: [ShopLogPlugin()])
}

let plainShopProvider = MoyaProvider<ShopAPI>(manager: MoyaProvider<ShopAPI>.defaultAlamofireManager())

func loadProducts(_ provider: MoyaProvider<ShopAPI>, done: @escaping @Sendable (Result<[Product], MoyaError>) -> Void) {
    provider.request(.products(category: "kitchen", page: 1)) { result in
        switch result {
        case .success(let response):
            do {
                done(.success(try response.map([Product].self)))
            } catch {
                done(.failure(MoyaError.underlying(error, response)))
            }
        case .failure(let error):
            done(.failure(error))
        }
    }
}

func logOut(_ provider: MoyaProvider<ShopAPI>) {
    provider.manager.session.invalidateAndCancel()
}
