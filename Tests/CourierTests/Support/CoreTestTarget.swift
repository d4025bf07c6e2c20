import Courier
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A target whose every property a test sets directly: one value per scenario, no switch.
struct CoreTestTarget: TargetType {
    var baseURL = URL(string: "https://api.example.com/v1")!
    var path = "/items"
    var method: HTTPMethod = .get
    var task: RequestTask = .requestPlain
    var headers: [String: String]?
    var sampleData = Data(#"{"ok":true}"#.utf8)
    var validationType: ValidationType = .none
}

/// A small enum target, the way an app writes one.
enum ShopAPI: TargetType {
    case goods(page: Int)
    case detail(id: Int)

    var baseURL: URL { URL(string: "https://shop.example.com")! }
    var path: String {
        switch self {
        case .goods: "/goods/list"
        case .detail(let id): "/goods/\(id)"
        }
    }
    var method: HTTPMethod {
        switch self {
        case .goods: .post
        case .detail: .get
        }
    }
    var task: RequestTask {
        switch self {
        case .goods(let page): .requestParameters(parameters: ["page": page], encoding: URLEncoding.httpBody)
        case .detail: .requestPlain
        }
    }
    var sampleData: Data {
        switch self {
        case .goods: Data(#"{"records":[]}"#.utf8)
        case .detail(let id): Data(#"{"id":\#(id)}"#.utf8)
        }
    }
}

/// Another enum target, to mix with ``ShopAPI`` in a `MultiTarget` provider.
enum RankAPI: TargetType {
    case boxOffice(area: String)

    var baseURL: URL { URL(string: "https://rank.example.com/api")! }
    var path: String { "boxoffice" }
    var method: HTTPMethod { .get }
    var task: RequestTask {
        switch self {
        case .boxOffice(let area): .requestParameters(parameters: ["area": area], encoding: URLEncoding.queryString)
        }
    }
    var sampleData: Data { Data(#"{"resultcode":"200"}"#.utf8) }
    var validationType: ValidationType { .successCodes }
}

extension URLRequest {
    /// The query items of the URL, as a dictionary (the last value wins).
    var queryDictionary: [String: String] {
        guard let url, let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return [:] }
        var result: [String: String] = [:]
        for item in components.queryItems ?? [] { result[item.name] = item.value ?? "" }
        return result
    }

    /// The body parsed as JSON, when it is a JSON object.
    var jsonBody: [String: Any]? {
        guard let httpBody else { return nil }
        return (try? JSONSerialization.jsonObject(with: httpBody)) as? [String: Any]
    }

    /// The body as text.
    var bodyText: String? {
        httpBody.flatMap { String(data: $0, encoding: .utf8) }
    }
}

extension CourierError {
    /// The name of the case, for readable expectations: `#expect(error.testCaseName == "statusCode")`.
    var testCaseName: String {
        switch self {
        case .jsonMapping: "jsonMapping"
        case .stringMapping: "stringMapping"
        case .objectMapping: "objectMapping"
        case .encodableMapping: "encodableMapping"
        case .statusCode: "statusCode"
        case .underlying: "underlying"
        case .requestMapping: "requestMapping"
        case .parameterEncoding: "parameterEncoding"
        case .business: "business"
        case .payloadMissing: "payloadMissing"
        case .sessionExpired: "sessionExpired"
        }
    }
}

/// An error a test can recognise by value.
struct MarkerError: Error, Equatable {
    var name = "marker"
}

/// An `Encodable` whose encoding always fails.
struct ThrowingEncodable: Encodable, Sendable {
    func encode(to encoder: any Encoder) throws {
        throw MarkerError(name: "cannot encode")
    }
}
