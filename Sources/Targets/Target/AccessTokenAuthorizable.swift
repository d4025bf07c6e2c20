import Foundation

/// A target that says whether, and how, its calls carry the access token, as in Moya.
///
/// ```swift
/// extension MallAPI: AccessTokenAuthorizable {
///     var authorizationType: AuthorizationType? {
///         switch self {
///         case .login, .goods: nil       // public endpoints: no Authorization header
///         default: .bearer
///         }
///     }
/// }
/// ```
///
/// CourierPlugins' `AccessTokenPlugin` adds the header only to targets that conform and answer
/// non-`nil`; it sees through `MultiTarget`. The protocol lives here, beside ``TargetType``, so
/// that a file declaring targets needs only `import Courier` (as with `import Moya`).
public protocol AccessTokenAuthorizable: TargetType {
    /// The scheme of the `Authorization` header, or `nil` for a call that sends no token.
    var authorizationType: AuthorizationType? { get }
}
