import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Decides which requests a stub answers; its description names it in error messages.
///
/// ```swift
/// stubs.when(.target(MallAPI.product(id: 7))).respond(status: 404)
/// stubs.when(.path("/ping", method: .get)).respond(status: 204)
/// stubs.when(.init("page 2") { $0.formBody["pageCurrent"] == "2" }).respond(.json(page2))
/// ```
///
/// `stubs.when(MallAPI.product(id: 7))` and `stubs.when("page 2") { … }` are shorter spellings
/// of the first and last line.
public struct RequestMatcher: Sendable, CustomStringConvertible {
    /// What the matcher matches, for error messages: `MallAPI.goods(…) (POST /goods …)`.
    public let description: String
    private let predicate: @Sendable (SentRequest) -> Bool

    /// Creates a matcher from a predicate on the sent request.
    ///
    /// - Parameters:
    ///   - description: what it matches, shown when no stub answers a request.
    ///   - predicate: whether `request` is one the stub answers.
    public init(_ description: String, matching predicate: @escaping @Sendable (_ request: SentRequest) -> Bool) {
        self.description = description
        self.predicate = predicate
    }

    /// Whether the matcher matches `request`.
    public func matches(_ request: SentRequest) -> Bool {
        predicate(request)
    }

    /// Every request.
    public static var any: RequestMatcher {
        RequestMatcher("any request") { _ in true }
    }

    /// Requests whose URL path is `path` (percent-decoded, such as `/goods/list`), with
    /// `method` when one is given; any host, any query, any body.
    public static func path(_ path: String, method: HTTPMethod? = nil) -> RequestMatcher {
        let name = method.map { "\($0.rawValue) \(path)" } ?? path
        return RequestMatcher(name) { request in
            request.path == path && (method.map { $0.rawValue == request.method.uppercased() } ?? true)
        }
    }

    /// Requests sent for `target`.
    ///
    /// The target is built the way <doc:/Courier/Provider/defaultEndpointMapping(for:)> builds it, and a
    /// request matches when it has the same method and URL path, every query item of the
    /// target, and the target's body parameters: for a form or a JSON object, every field the
    /// target sets (so common parameters an endpoint closure or plugin adds do not get in the
    /// way); for any other body, the same bytes. The host is not compared, so a stub works
    /// whatever base URL the provider's endpoint closure chooses. Uploads are matched without
    /// their body.
    ///
    /// ```swift
    /// stubs.when(.target(MallAPI.goods(GoodsQuery(pageCurrent: 2, pageSize: 20, categoryId: 3))))
    ///     .respond(.json(page2))
    /// ```
    public static func target<T: TargetType>(_ target: T) -> RequestMatcher {
        let name = String(describing: target)
        let request: URLRequest
        do {
            request = try Provider<T>.defaultEndpointMapping(for: target).urlRequest()
        } catch {
            return RequestMatcher("\(name) (cannot be built: \(error.localizedDescription))") { _ in false }
        }
        let signature = TargetSignature(request)
        return RequestMatcher("\(name) (\(signature))") { signature.matches($0) }
    }

    /// Requests that both this matcher and `other` match.
    public func and(_ other: RequestMatcher) -> RequestMatcher {
        RequestMatcher("\(description) and \(other.description)") { matches($0) && other.matches($0) }
    }
}

/// What identifies the requests of one target: method, path, query items and body parameters.
struct TargetSignature: Sendable, CustomStringConvertible {
    private enum Body: Sendable {
        case none
        case form([URLQueryItem])
        case json(JSONValue)
        case bytes(Data)
    }

    private let method: String
    private let path: String
    private let queryItems: [URLQueryItem]
    private let body: Body

    init(_ request: URLRequest) {
        let sent = SentRequest(TransportRequest(urlRequest: request))
        method = sent.method.uppercased()
        path = sent.path
        queryItems = sent.queryItems
        let contentType = request.value(forHTTPHeaderField: "Content-Type")?.lowercased() ?? ""
        guard let data = request.httpBody, !data.isEmpty else {
            body = .none
            return
        }
        if contentType.hasPrefix("application/x-www-form-urlencoded") {
            body = .form(SentRequest.formItems(in: data))
        } else if contentType.contains("json"), let json = JSONValue.parse(data) {
            body = .json(json)
        } else {
            body = .bytes(data)
        }
    }

    func matches(_ request: SentRequest) -> Bool {
        guard request.method.uppercased() == method, request.path == path else { return false }
        let sentItems = request.queryItems
        guard queryItems.allSatisfy(sentItems.contains) else { return false }
        switch body {
        case .none:
            return true
        case .form(let items):
            let sentForm = SentRequest.formItems(in: request.body ?? Data())
            return items.allSatisfy(sentForm.contains)
        case .json(let json):
            guard let sentJSON = request.body.flatMap(JSONValue.parse) else { return false }
            return json.isSubset(of: sentJSON)
        case .bytes(let data):
            return request.body == data
        }
    }

    /// `POST /goods?page=1 form pageSize=20&categoryId=3`.
    var description: String {
        var text = "\(method) \(path)"
        if !queryItems.isEmpty { text += "?" + Self.text(of: queryItems) }
        switch body {
        case .none: break
        case .form(let items): text += " form " + Self.text(of: items)
        case .json(let json): text += " JSON " + String(decoding: json.canonicalData, as: UTF8.self)
        case .bytes(let data): text += " body of \(data.count) bytes"
        }
        return text
    }

    private static func text(of items: [URLQueryItem]) -> String {
        items.map { item in item.value.map { "\(item.name)=\($0)" } ?? item.name }.joined(separator: "&")
    }
}
