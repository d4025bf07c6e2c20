import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Encodes parameters as a URL-encoded query string (`a=1&b=2`), either appended to the
/// request's URL or sent as an `application/x-www-form-urlencoded` body.
///
/// The output matches Alamofire 5's `URLEncoding` byte for byte:
///
/// - Top-level keys are sorted; so are the keys of nested dictionaries (which Alamofire
///   leaves in dictionary order), so the output is deterministic.
/// - A nested dictionary becomes `key[sub]=value`, an array `key[]=value` (see ``ArrayEncoding``),
///   and both nest to any depth: `["a": [[1]]]` becomes `a[][]=1`.
/// - Keys and values are percent-encoded as UTF-8 (as Alamofire's `escape`): only `A`–`Z`, `a`–`z`,
///   `0`–`9`, `-._~` and `/?` stay literal, so `+` becomes `%2B`, a space `%20` and `[` `%5B`.
/// - `Bool` values (and `NSNumber` booleans) follow ``BoolEncoding``; other numbers print as
///   Swift prints them (`-8`, `2.5`, `1.0` for a whole `Double`), `Decimal` exactly (`12.5`).
///   Anything else is written with its `description`.
///
/// Where Courier deliberately differs from Alamofire:
///
/// - `nil` (`Optional.none`) and `NSNull` values are left out, key and all; Alamofire sends the
///   text `nil` or `<null>`. A non-`nil` optional is encoded as its wrapped value, never as `Optional(…)`.
/// - A parameter list that encodes to nothing (say `["ids": []]`) leaves the URL untouched rather
///   than adding an empty `?`.
/// - `.methodDependent` compares the HTTP method case-insensitively, and treats a request without
///   one as `GET`.
/// - A request without a URL is refused (``ParameterEncodingError/missingURL``) for either destination.
/// - A whole `Double` is written `1.0` on every platform; Alamofire on Apple platforms goes through
///   `NSNumber` there and writes `1` (Alamofire on Linux writes `1.0` too).
///
/// ```swift
/// var request = URLRequest(url: URL(string: "https://shop.example.com/goods/list")!)
/// request = try URLEncoding.default.encode(request, with: ["pageSize": 20, "pageCurrent": 1, "categoryId": 3])
/// // https://shop.example.com/goods/list?categoryId=3&pageCurrent=1&pageSize=20
/// ```
public struct URLEncoding: ParameterEncoding {
    /// Where the encoded query string goes.
    public enum Destination: Sendable, Hashable {
        /// Into the URL's query string for `GET`, `HEAD` and `DELETE` requests, into the body
        /// for every other method.
        case methodDependent
        /// Into the URL's query string, whatever the method.
        case queryString
        /// Into the body, whatever the method.
        case httpBody

        /// Whether parameters go into the URL for a request whose `httpMethod` is `method`
        /// (`nil` counts as `GET`; the comparison ignores case).
        func encodesParametersInURL(forHTTPMethod method: String?) -> Bool {
            switch self {
            case .methodDependent:
                switch (method ?? "GET").uppercased() {
                case "GET", "HEAD", "DELETE": true
                default: false
                }
            case .queryString: true
            case .httpBody: false
            }
        }
    }

    /// How the key of each array element is written (shown before percent-encoding).
    public enum ArrayEncoding: Sendable, Hashable {
        /// `key[]=1&key[]=2`, the default (Rails, PHP).
        case brackets
        /// `key=1&key=2` (many Java and Go servers).
        case noBrackets
        /// `key[0]=1&key[1]=2` (jQuery, Node.js `qs`).
        case indexInBrackets

        /// The key for the element at `index` of an array parameter named `key`.
        ///
        /// ```swift
        /// URLEncoding.ArrayEncoding.indexInBrackets.encode(key: "ids", atIndex: 2)  // "ids[2]"
        /// ```
        package func encode(key: String, atIndex index: Int) -> String {
            switch self {
            case .brackets: "\(key)[]"
            case .noBrackets: key
            case .indexInBrackets: "\(key)[\(index)]"
            }
        }
    }

    /// How `Bool` values (and `NSNumber` booleans) are written.
    public enum BoolEncoding: Sendable, Hashable {
        /// `1` and `0`, the default.
        case numeric
        /// `true` and `false`.
        case literal

        /// The text for `value`.
        package func encode(value: Bool) -> String {
            switch self {
            case .numeric: value ? "1" : "0"
            case .literal: value ? "true" : "false"
            }
        }
    }

    /// A `.methodDependent` encoding with bracketed arrays and numeric booleans.
    public static var `default`: URLEncoding { URLEncoding() }

    /// An encoding that always writes to the URL's query string.
    public static var queryString: URLEncoding { URLEncoding(destination: .queryString) }

    /// An encoding that always writes an `application/x-www-form-urlencoded` body.
    public static var httpBody: URLEncoding { URLEncoding(destination: .httpBody) }

    /// Where the encoded query string goes.
    public let destination: Destination

    /// How array elements' keys are written.
    public let arrayEncoding: ArrayEncoding

    /// How booleans are written.
    public let boolEncoding: BoolEncoding

    /// Creates a URL encoding.
    ///
    /// - Parameters:
    ///   - destination: Where the query string goes; `.methodDependent` by default.
    ///   - arrayEncoding: How array elements' keys are written; `.brackets` by default.
    ///   - boolEncoding: How booleans are written; `.numeric` by default.
    public init(
        destination: Destination = .methodDependent,
        arrayEncoding: ArrayEncoding = .brackets,
        boolEncoding: BoolEncoding = .numeric
    ) {
        self.destination = destination
        self.arrayEncoding = arrayEncoding
        self.boolEncoding = boolEncoding
    }

    /// Returns `urlRequest` with `parameters` in its query string or its body, per ``destination``.
    ///
    /// - In the URL: the query string is appended to any query the URL already has
    ///   (`?existing=1&new=2`); empty parameters leave the URL unchanged.
    /// - In the body: `httpBody` is set to the query string's UTF-8 bytes, and
    ///   `Content-Type: application/x-www-form-urlencoded; charset=utf-8` is set unless the
    ///   request already has a `Content-Type` (in any letter case).
    ///
    /// `nil` parameters leave the request unchanged.
    ///
    /// - Throws: ``ParameterEncodingError/missingURL`` when the request has no URL (whatever the
    ///   destination); ``ParameterEncodingError/invalidURL(_:)`` if the URL cannot be rebuilt.
    public func encode(_ urlRequest: URLRequest, with parameters: [String: any Sendable]?) throws -> URLRequest {
        var request = urlRequest
        guard let parameters else { return request }
        // Checked for both destinations: on Linux, changing a URL-less request traps in Foundation.
        guard let url = request.url else { throw ParameterEncodingError.missingURL }

        if destination.encodesParametersInURL(forHTTPMethod: request.httpMethod) {
            if let encodedURL = try self.url(url, adding: parameters) { request.url = encodedURL }
        } else {
            ParameterEncodingSupport.setContentTypeIfAbsent(Self.formContentType, on: &request)
            request.httpBody = Data(queryBytes(parameters))
        }
        return request
    }

    /// ``encode(_:with:)`` applied to the parts of a request not made yet, with the same result.
    package func encode(_ parameters: [String: any Sendable], into parts: inout RequestParts) throws {
        if destination.encodesParametersInURL(forHTTPMethod: parts.method) {
            if let encodedURL = try url(parts.url, adding: parameters) { parts.url = encodedURL }
        } else {
            ParameterEncodingSupport.setContentTypeIfAbsent(Self.formContentType, in: &parts.headers)
            parts.body = Data(queryBytes(parameters))
        }
    }

    private static let formContentType = "application/x-www-form-urlencoded; charset=utf-8"

    /// `url` with `parameters` appended to its query, or `nil` when they encode to nothing.
    private func url(_ url: URL, adding parameters: [String: any Sendable]) throws -> URL? {
        let encoded = query(parameters)
        guard !encoded.isEmpty else { return nil }
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            throw ParameterEncodingError.invalidURL(url.absoluteString)
        }
        components.percentEncodedQuery = components.percentEncodedQuery.map { "\($0)&\(encoded)" } ?? encoded
        guard let encodedURL = components.url else {
            throw ParameterEncodingError.invalidURL(url.absoluteString)
        }
        return encodedURL
    }

    /// The percent-encoded query string for `parameters`, without a leading `?`: keys sorted,
    /// nested values flattened, components joined with `&`.
    ///
    /// Use it to build a query or form body by hand, or to sign the exact bytes that will be sent.
    ///
    /// ```swift
    /// URLEncoding.default.query(["q": "a+b c", "tags": ["x", "y"]])
    /// // "q=a%2Bb%20c&tags%5B%5D=x&tags%5B%5D=y"
    /// ```
    package func query(_ parameters: [String: any Sendable]) -> String {
        String(decoding: queryBytes(parameters), as: UTF8.self)
    }

    /// The UTF-8 bytes of ``query(_:)``: a form body is made from them without a `String` between.
    private func queryBytes(_ parameters: [String: any Sendable]) -> [UInt8] {
        var bytes: [UInt8] = []
        // Room for a short key and value each; a longer query grows the array as usual.
        bytes.reserveCapacity(parameters.count * 16)
        for (key, value) in parameters.sorted(by: { $0.key < $1.key }) {
            flatten(key: key, value: value) { name, text in
                if !bytes.isEmpty { bytes.append(UInt8(ascii: "&")) }
                Self.appendEscaped(name, to: &bytes)
                bytes.append(UInt8(ascii: "="))
                Self.appendEscaped(text, to: &bytes)
            }
        }
        return bytes
    }

    /// The percent-encoded `(key, value)` pairs for one parameter, flattened as ``query(_:)`` does;
    /// Alamofire's method of the same name.
    ///
    /// ```swift
    /// URLEncoding.default.queryComponents(fromKey: "user", value: ["name": "Ann", "age": 30])
    /// // [("user%5Bage%5D", "30"), ("user%5Bname%5D", "Ann")]
    /// ```
    ///
    /// - Parameters:
    ///   - key: The parameter's name, not yet percent-encoded.
    ///   - value: Its value: a string, number, `Bool`, `Decimal`, array or `[String: Any]` dictionary,
    ///     or any other value, written with its `description`.
    /// - Returns: The percent-encoded pairs, empty for `nil` or an empty collection.
    package func queryComponents(fromKey key: String, value: Any) -> [(String, String)] {
        var components: [(String, String)] = []
        flatten(key: key, value: value) { name, text in
            components.append((Self.escape(name), Self.escape(text)))
        }
        return components
    }
}
