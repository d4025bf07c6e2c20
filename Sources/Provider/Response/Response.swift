import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the server (or a stub) answered: the status, the body, and the request that led to it.
///
/// `Response` has Moya's mapping API: ``filterSuccessfulStatusCodes()``, ``mapJSON(failsOnEmptyData:)``,
/// ``mapString(atKeyPath:)`` and ``map(_:atKeyPath:using:failsOnEmptyData:)``.
///
/// ```swift
/// let response = try await provider.request(.rank(area: "CN"))
/// let names = try response.filterSuccessfulStatusCodes().map([Film].self, atKeyPath: "result")
/// ```
public final class Response: Sendable, Equatable, CustomDebugStringConvertible {
    /// The HTTP status code.
    public let statusCode: Int
    /// The body; empty for a download, whose body is in ``fileURL``.
    public let data: Data
    /// The request that was sent, after every plugin prepared it.
    public let request: URLRequest?
    /// The HTTP response, with its headers.
    ///
    /// An answer of the native transport or of a stub makes this object the first time it is read:
    /// on Linux it is the most expensive part of a call that only needs ``statusCode`` and
    /// ``data``. ``value(forHTTPHeaderField:)`` reads a header without making it.
    public var response: HTTPURLResponse? { head.response }
    /// Where a download's body was saved.
    public let fileURL: URL?
    /// How the provider's ``HTTPCache`` answered, or `nil` when the answer came from the network
    /// (or a stub) as it is; not part of equality.
    public let cacheOrigin: CacheOrigin?

    /// Creates a response.
    ///
    /// - Parameters:
    ///   - statusCode: the HTTP status code.
    ///   - data: the body.
    ///   - request: the request sent; `nil` by default.
    ///   - response: the HTTP response; `nil` by default.
    ///   - fileURL: where a download was saved; `nil` by default.
    public init(
        statusCode: Int, data: Data, request: URLRequest? = nil, response: HTTPURLResponse? = nil,
        fileURL: URL? = nil
    ) {
        self.statusCode = statusCode
        self.data = data
        self.request = request
        self.head = ResponseHead(statusCode: statusCode, response: response)
        self.fileURL = fileURL
        self.envelopeGap = nil
        self.cacheOrigin = nil
    }

    let head: ResponseHead
    /// What an envelope could not find in this body, for the description of the error it threw;
    /// not part of equality.
    let envelopeGap: EnvelopeGap?

    init(
        statusCode: Int, data: Data, request: URLRequest?, head: ResponseHead, fileURL: URL? = nil,
        envelopeGap: EnvelopeGap? = nil, cacheOrigin: CacheOrigin? = nil
    ) {
        self.statusCode = statusCode
        self.data = data
        self.request = request
        self.head = head
        self.fileURL = fileURL
        self.envelopeGap = envelopeGap
        self.cacheOrigin = cacheOrigin
    }

    /// The same response, noting what an envelope could not find in it.
    func noting(_ gap: EnvelopeGap) -> Response {
        Response(
            statusCode: statusCode, data: data, request: request, head: head, fileURL: fileURL, envelopeGap: gap,
            cacheOrigin: cacheOrigin)
    }

    /// Two responses are equal when status, body and HTTP response are.
    public static func == (lhs: Response, rhs: Response) -> Bool {
        lhs.statusCode == rhs.statusCode && lhs.data == rhs.data && lhs.response == rhs.response
            && lhs.fileURL == rhs.fileURL
    }

    /// A header of the response, looked up case-insensitively.
    public func value(forHTTPHeaderField name: String) -> String? {
        head.value(forHTTPHeaderField: name)
    }

    /// `Status Code: 200, Data Length: 42`, as Moya prints it.
    public var description: String {
        "Status Code: \(statusCode), Data Length: \(data.count)"
    }

    /// The status, the URL and a preview of the body.
    public var debugDescription: String {
        "\(statusCode) \(request?.url?.absoluteString ?? "-") \(bodyPreview)"
    }

    /// The start of the body as text, for error messages; binary bodies are summarised.
    package var bodyPreview: String {
        Self.preview(of: data)
    }

    static func preview(of data: Data, limit: Int = 200) -> String {
        if data.isEmpty { return "(empty body)" }
        let head = data.prefix(limit)
        guard let text = String(data: head, encoding: .utf8) ?? String(data: data.prefix(limit - 3), encoding: .utf8)
        else {
            return "(\(data.count) bytes of binary data)"
        }
        return data.count > limit ? "\(text)… (\(data.count) bytes)" : text
    }
}
