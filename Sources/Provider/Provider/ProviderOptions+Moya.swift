import Foundation

extension ProviderOptions {
    /// Options under which a `401` is a response like any other, as in Moya: it is a success
    /// when the target's `validationType` accepts it and ``CourierError/statusCode(_:)`` when
    /// it does not, never ``CourierError/sessionExpired(_:)``. Everything else is as in
    /// `ProviderOptions()`.
    ///
    /// ```swift
    /// let provider = Provider<GitHubAPI>(options: .moyaCompatible)   // `statusCode == 401` checks keep working
    /// ```
    ///
    /// An envelope's expired codes still fail with `.sessionExpired`: they are the business
    /// layer's own answer, which Moya never looked at.
    public static var moyaCompatible: ProviderOptions {
        ProviderOptions(sessionExpiredStatusCodes: [])
    }
}
