import Foundation

/// Describes one endpoint of an HTTP API: where it is, how it is called and what it carries.
///
/// An app usually describes its API as an enum, one case per endpoint, with the data of
/// each call in the case's associated values:
///
/// ```swift
/// enum MallAPI: TargetType {
///     case goods(page: Int, categoryId: Int)
///
///     var baseURL: URL { URL(string: "https://mall.example.com")! }
///     var path: String { "/mallProductsInfo/getProductList" }
///     var method: HTTPMethod { .post }
///     var task: RequestTask {
///         switch self {
///         case .goods(let page, let categoryId):
///             .requestParameters(
///                 parameters: ["pageCurrent": page, "pageSize": 20, "categoryId": categoryId],
///                 encoding: URLEncoding.httpBody)
///         }
///     }
/// }
/// ```
///
/// `headers`, `sampleData` and `validationType` have defaults, so a target states only what
/// is special about it. A struct works as well as an enum when an API is large.
public protocol TargetType: Sendable {
    /// The base URL, such as `https://api.example.com/v2`.
    var baseURL: URL { get }

    /// The path appended to `baseURL`; a leading `/` is optional, and an empty path leaves
    /// `baseURL` as it is.
    var path: String { get }

    /// The HTTP method.
    var method: HTTPMethod { get }

    /// What the request carries: parameters, a body, a file, a multipart form, or a download.
    var task: RequestTask { get }

    /// Headers of this target; `nil` by default.
    var headers: [String: String]? { get }

    /// The body a stubbed request answers with; empty by default.
    var sampleData: Data { get }

    /// Which status codes count as success; `.none` (every status) by default.
    var validationType: ValidationType { get }
}

extension TargetType {
    /// No target-specific headers.
    public var headers: [String: String]? { nil }

    /// An empty sample body.
    public var sampleData: Data { Data() }

    /// Every status code is accepted.
    public var validationType: ValidationType { .none }
}
