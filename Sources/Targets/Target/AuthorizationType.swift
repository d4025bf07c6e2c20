import Foundation

/// The scheme of an `Authorization` header, as in Moya.
///
/// ```swift
/// var authorizationType: AuthorizationType? { .bearer }   // Authorization: Bearer <token>
/// ```
public enum AuthorizationType: Sendable, Hashable {
    /// `Basic <token>`; the token is the Base64 of `user:password`
    /// (CourierPlugins' `AccessTokenPlugin.basicToken(user:password:)` makes one).
    case basic
    /// `Bearer <token>`.
    case bearer
    /// `<scheme> <token>`, or the token alone when the scheme is empty (APIs that expect
    /// `Authorization: <token>`).
    case custom(String)

    /// The scheme word: `Basic`, `Bearer`, or the custom one.
    public var value: String {
        switch self {
        case .basic: "Basic"
        case .bearer: "Bearer"
        case .custom(let scheme): scheme
        }
    }

    /// The whole header value for `token`: `Bearer abc`, or `abc` for an empty custom scheme.
    public func headerValue(for token: String) -> String {
        value.isEmpty ? token : "\(value) \(token)"
    }
}
