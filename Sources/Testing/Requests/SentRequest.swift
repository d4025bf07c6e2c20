import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A request as it reached a ``StubTransport``: after the endpoint closure, the request
/// closure and every plugin's `prepare`, exactly what a real server would have received.
///
/// Read it back to check what a view model sent:
///
/// ```swift
/// let sent = try #require(stubs.sentRequests.first)
/// #expect(sent.method == "POST")
/// #expect(sent.path == "/mallProductsInfo/getProductList")
/// #expect(sent.formBody["pageCurrent"] == "2")
/// #expect(sent.header("Authorization") == "Bearer t0k3n")
/// ```
public struct SentRequest: Sendable, CustomStringConvertible {
    /// The request as the transport received it.
    public let urlRequest: URLRequest
    /// How the body was sent and the response expected: in memory, streamed, or downloaded.
    public let kind: TransportRequest.Kind
    /// The body: the request's `httpBody`, or the bytes of an upload (a file upload's file is
    /// read when the request is sent); `nil` when there is none.
    public let body: Data?

    /// Captures `request`, reading an upload's body so it can be checked later.
    public init(_ request: TransportRequest) {
        urlRequest = request.urlRequest
        kind = request.kind
        switch request.kind {
        case .upload(.data(let data)):
            body = data
        case .upload(.file(let file)):
            body = try? Data(contentsOf: file)
        case .data, .download:
            body = request.urlRequest.httpBody
        }
    }

    /// The HTTP method as sent, such as `"GET"`.
    public var method: String { urlRequest.httpMethod ?? "GET" }

    /// The method as an <doc:/Courier/HTTPMethod>, or `nil` for a method Courier does not name.
    public var httpMethod: HTTPMethod? { HTTPMethod(rawValue: method.uppercased()) }

    /// The full URL; `nil` only for a request without one.
    public var url: URL? { urlRequest.url }

    /// The URL's path, percent-decoded, such as `/goods/list`; `/` when the URL has none.
    public var path: String {
        guard let url, let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return "/" }
        return components.path.isEmpty ? "/" : components.path
    }

    /// The query items in the order they were sent, percent-decoded.
    public var queryItems: [URLQueryItem] {
        guard let url, let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return [] }
        return components.queryItems ?? []
    }

    /// The query as a dictionary of decoded values; a repeated name keeps its last value and
    /// a name without a value maps to `""`.
    public var query: [String: String] {
        Self.dictionary(of: queryItems)
    }

    /// The request headers.
    public var headers: [String: String] { urlRequest.allHTTPHeaderFields ?? [:] }

    /// The value of the header `name`, compared case-insensitively as HTTP does.
    public func header(_ name: String) -> String? {
        urlRequest.value(forHTTPHeaderField: name)
    }

    /// The body as UTF-8 text, or `nil` when there is no body or it is not UTF-8.
    public var bodyString: String? {
        body.flatMap { String(data: $0, encoding: .utf8) }
    }

    /// The body read as an `application/x-www-form-urlencoded` form, values decoded (`+` is a
    /// space); empty when there is no body. A repeated name keeps its last value.
    public var formBody: [String: String] {
        Self.dictionary(of: Self.formItems(in: body ?? Data()))
    }

    /// The body decoded from JSON as `type`.
    ///
    /// ```swift
    /// let login = try sent.decodeBody(LoginForm.self)
    /// #expect(login.user == "ada")
    /// ```
    ///
    /// - Throws: ``StubTransportError/noBody(_:)`` when nothing was sent, or the decoder's error.
    public func decodeBody<T: Decodable>(_ type: T.Type, using decoder: JSONDecoder = JSONDecoder()) throws -> T {
        guard let body, !body.isEmpty else { throw StubTransportError.noBody(description) }
        return try decoder.decode(type, from: body)
    }

    /// `GET https://api.example.com/goods?page=1`.
    public var description: String {
        "\(method) \(url?.absoluteString ?? "(no URL)")"
    }

    /// The items of a form body, decoded; `+` stands for a space, as HTML forms write it.
    ///
    /// Parsed by hand: `URLComponents` stops the process when given a body that is not a valid
    /// query, and any body can reach this.
    static func formItems(in body: Data) -> [URLQueryItem] {
        guard !body.isEmpty, let text = String(data: body, encoding: .utf8) else { return [] }
        func decode(_ part: Substring) -> String {
            let spaced = part.replacingOccurrences(of: "+", with: " ")
            return spaced.removingPercentEncoding ?? spaced
        }
        return text.split(separator: "&").map { field in
            guard let equals = field.firstIndex(of: "=") else { return URLQueryItem(name: decode(field), value: nil) }
            return URLQueryItem(name: decode(field[..<equals]), value: decode(field[field.index(after: equals)...]))
        }
    }

    private static func dictionary(of items: [URLQueryItem]) -> [String: String] {
        var result: [String: String] = [:]
        for item in items { result[item.name] = item.value ?? "" }
        return result
    }
}
