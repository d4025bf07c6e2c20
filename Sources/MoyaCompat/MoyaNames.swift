import Courier

#if canImport(UIKit)
    import UIKit
#elseif canImport(AppKit)
    import AppKit
#endif

// The names Moya exports at top level that Courier spells otherwise, or lacks; the ones it lacks
// are unavailable, with the replacement in the compiler's error.

/// Moya's error type: Courier's ``CourierError``, which has Moya's cases and a few more
/// (`.business`, `.payloadMissing`, `.sessionExpired`), so a `switch` over it needs a `default`.
public typealias MoyaError = CourierError

/// Moya's completion handler type.
public typealias Completion = @Sendable (_ result: Result<Response, MoyaError>) -> Void

/// Alamofire's parameter dictionary, which `RequestTask`'s parameter cases accept.
public typealias Parameters = [String: Any]

/// Alamofire's `Session`, in Moya's `session:` argument: here the transport that sends the calls.
public typealias Session = URLSessionTransport

/// Moya's multipart part (`MultipartFormData(provider: .data(png), name: "avatar", …)`):
/// Courier's ``MultipartFormBodyPart``, which has the same initializer.
public typealias MultipartFormData = MultipartFormBodyPart

/// Moya's `CancellableToken`, the handle of a call: here any ``Cancellable``.
public typealias CancellableToken = any Cancellable

/// The request a plugin's `willSend` receives in Moya. Courier's plugins receive the
/// `URLRequest` itself, which answers Moya's `request.request` (see `URLRequest.request`), so
/// `func willSend(_ request: RequestType, target: TargetType)` keeps compiling.
public typealias RequestType = URLRequest

extension URLRequest {
    /// Moya's `RequestType.request`: the request itself, for plugins written against Moya.
    public var request: URLRequest? { self }
}

/// Moya's `CredentialsPlugin`, which Courier does not have: a type, not an alias, so that
/// Moya's `CredentialsPlugin { _ in credential }` meets the message below rather than a missing
/// initializer.
@available(
    *, unavailable,
    message: "use AccessTokenPlugin with .basic, or a plugin whose prepare sets Authorization"
)
public struct CredentialsPlugin: PluginType {
    /// Moya's initializer, kept so that its call names the replacement.
    public init(credentialsClosure: @escaping @Sendable (any TargetType) -> URLCredential?) {}
}

/// Alamofire's `RequestInterceptor`, which Courier does not have.
@available(
    *, unavailable,
    message: "adapt in a plugin's prepare(_:target:), retry in its retry(_:target:dueTo:attempt:)"
)
public typealias RequestInterceptor = any PluginType

/// Alamofire's multipart builder, which Courier does not have.
@available(
    *, unavailable,
    message: "pass [MultipartFormData] parts to .uploadMultipart"
)
public typealias RequestMultipartFormData = [MultipartFormBodyPart]

/// Moya's `MoyaProviderType`, which Courier does not have.
@available(
    *, unavailable,
    message: "use MoyaProvider<Target>, or Courier's Provider<Target>"
)
public typealias MoyaProviderType = AnyObject

#if canImport(UIKit)
    /// The platform's image type, as Moya names it.
    public typealias Image = UIImage
#elseif canImport(AppKit)
    /// The platform's image type, as Moya names it.
    public typealias Image = NSImage
#endif
