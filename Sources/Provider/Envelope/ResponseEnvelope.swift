import Foundation

/// A backend's business envelope: the wrapper around every payload that says whether the
/// call succeeded (`{"code": 0, "msg": "ok", "data": …}`).
///
/// A provider with an envelope unwraps the payload in ``Provider/request(_:as:)`` and checks
/// the business status in every call, so a failure inside an HTTP `200` still fails the call
/// (and an expired-session code can trigger a token refresh).
///
/// ```swift
/// let provider = Provider<MallAPI>(envelope: JSONEnvelope(successCodes: ["0"], expiredCodes: ["916"]))
/// let page = try await provider.request(.goods(page: 1), as: Page<Goods>.self)
/// ```
///
/// ``JSONEnvelope`` covers the `{code, msg, data}` family. For anything else, implement
/// ``decode(_:from:using:)``: classify what `JSONEnvelope` cannot (a bare `please to login`
/// body, an HTTP status inside the JSON) and delegate the rest to a `JSONEnvelope`:
///
/// ```swift
/// struct ShopEnvelope: ResponseEnvelope {
///     let json = JSONEnvelope(expiredCodes: ["915", "916"], successFlagKey: "succeed")
///
///     func decode<T: Decodable>(_ type: T.Type, from response: Response, using decoder: JSONDecoder) throws -> T {
///         if response.data == Data("please to login".utf8) { throw CourierError.sessionExpired(response) }
///         return try json.decode(T.self, from: response, using: decoder)
///     }
/// }
/// ```
///
/// An envelope runs inside the request pipeline, for every attempt: the errors it throws are
/// what `didReceive`, `process` and `retry` plugins see. Throw ``CourierError`` values; the
/// provider wraps any other error (``CourierError/jsonMapping(_:)`` when it says the body is
/// not JSON, ``CourierError/objectMapping(_:_:)`` otherwise).
public protocol ResponseEnvelope: Sendable {
    /// Checks the business status in `response` and decodes its payload as `T`;
    /// throws a CourierError (.business, .payloadMissing, .sessionExpired, …) otherwise.
    func decode<T: Decodable>(_ type: T.Type, from response: Response, using decoder: JSONDecoder) throws -> T
}

extension ResponseEnvelope {
    /// Checks the business status of `response` without decoding a payload, for calls whose
    /// payload nobody reads (deletes, updates). ``Provider/request(_:)`` calls it.
    ///
    /// A response that has no body by design passes without a check: a download saved to a
    /// file (``Response/fileURL``), a `204 No Content`, a `205 Reset Content`, or the answer to
    /// a `HEAD` request. Any other body, an empty one included, must be a successful envelope.
    public func validate(_ response: Response, using decoder: JSONDecoder) throws {
        if response.data.isEmpty && Self.hasNoBodyByDesign(response) { return }
        _ = try decode(IgnoredPayload?.self, from: response, using: decoder)
    }

    private static func hasNoBodyByDesign(_ response: Response) -> Bool {
        response.fileURL != nil || response.statusCode == 204 || response.statusCode == 205
            || response.request?.httpMethod?.uppercased() == "HEAD"
    }
}

/// A payload that is accepted whatever it holds, and not decoded.
///
/// ```swift
/// _ = try await provider.request(.deleteAddress(id: 3), as: IgnoredPayload?.self)
/// try await provider.requestStatus(.deleteAddress(id: 3))   // the same check, said plainly
/// ```
public struct IgnoredPayload: Decodable, Sendable, Equatable {
    /// Accepts any JSON value.
    public init(from decoder: any Decoder) throws {}

    /// Creates the value.
    public init() {}
}
