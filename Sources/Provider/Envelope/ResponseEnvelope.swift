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
/// let page = try await provider.request(.goods(page: 1), as: GoodsPage.self)
/// ```
public protocol ResponseEnvelope: Sendable {
    /// Checks the business status in `response` and decodes its payload as `T`;
    /// throws a CourierError (.business, .payloadMissing, .sessionExpired, …) otherwise.
    func decode<T: Decodable>(_ type: T.Type, from response: Response, using decoder: JSONDecoder) throws -> T
}

extension ResponseEnvelope {
    /// Checks the business status of `response` without decoding a payload, for calls whose
    /// payload nobody reads (deletes, updates).
    public func validate(_ response: Response, using decoder: JSONDecoder) throws {
        _ = try decode(IgnoredPayload?.self, from: response, using: decoder)
    }
}

/// A payload that is accepted whatever it holds, and not decoded.
///
/// ```swift
/// _ = try await provider.request(.deleteAddress(id: 3), as: IgnoredPayload?.self)
/// ```
public struct IgnoredPayload: Decodable, Sendable, Equatable {
    /// Accepts any JSON value.
    public init(from decoder: any Decoder) throws {}

    /// Creates the value.
    public init() {}
}
