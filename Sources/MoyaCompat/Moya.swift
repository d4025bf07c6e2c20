import Courier
import CourierPlugins

/// Moya's spellings of Courier's types, for code written as `Moya.Method` or `Moya.Response`:
/// every public type name Moya 15 exports, each naming Courier's counterpart.
///
/// A stepping stone: once the app builds, replace each with Courier's own name (the aliases say
/// which) and drop `CourierMoyaCompat`.
public enum Moya {
    /// Courier's ``HTTPMethod``; `var method: Moya.Method` keeps compiling.
    public typealias Method = HTTPMethod
    /// Courier's ``Courier/Response``.
    public typealias Response = Courier.Response
    /// Courier's ``RequestTask``. Only the qualified spelling works: a bare `Task` would hide
    /// Swift's own `Task` in every file that imports this module.
    public typealias Task = RequestTask
    /// Courier's ``CourierError``.
    public typealias MoyaError = CourierError
    /// Courier's ``Courier/Endpoint``.
    public typealias Endpoint = Courier.Endpoint
    /// Courier's ``Courier/EndpointSampleResponse``.
    public typealias EndpointSampleResponse = Courier.EndpointSampleResponse
    /// Courier's ``TargetType``.
    public typealias TargetType = CourierTargets.TargetType
    /// Courier's ``MultiTarget``.
    public typealias MultiTarget = CourierTargets.MultiTarget
    /// Courier's ``CourierTargets/ParameterEncoding``; `encoding: Moya.ParameterEncoding` keeps compiling.
    public typealias ParameterEncoding = CourierTargets.ParameterEncoding
    /// Courier's ``CourierTargets/URLEncoding``, which matches Alamofire's byte for byte.
    public typealias URLEncoding = CourierTargets.URLEncoding
    /// Courier's ``CourierTargets/JSONEncoding``.
    public typealias JSONEncoding = CourierTargets.JSONEncoding
    /// Courier's ``CourierTargets/ValidationType``.
    public typealias ValidationType = CourierTargets.ValidationType
    /// Courier's ``Courier/StubBehavior``.
    public typealias StubBehavior = Courier.StubBehavior
    /// Courier's ``Courier/Cancellable``: what `request(_:completion:)` returns.
    public typealias Cancellable = Courier.Cancellable
    /// Moya's `CancellableToken`, the call handle it returns: here any ``Cancellable``.
    public typealias CancellableToken = CourierMoyaCompat.CancellableToken
    /// Courier's ``Courier/ProgressResponse``.
    public typealias ProgressResponse = Courier.ProgressResponse
    /// Courier's ``Courier/ProgressBlock``.
    public typealias ProgressBlock = Courier.ProgressBlock
    /// Moya's completion handler type.
    public typealias Completion = CourierMoyaCompat.Completion
    /// The request a plugin's `willSend` receives: Courier hands plugins the `URLRequest`.
    public typealias RequestType = CourierMoyaCompat.RequestType
    /// Courier's ``Courier/PluginType``.
    public typealias PluginType = Courier.PluginType
    /// Moya's provider, over Courier's ``Provider``.
    public typealias MoyaProvider<Target: CourierTargets.TargetType> = CourierMoyaCompat.MoyaProvider<Target>
    /// Alamofire's `Session`: here the transport that sends the calls.
    public typealias Session = CourierMoyaCompat.Session
    /// Moya's multipart part: Courier's ``MultipartFormBodyPart``.
    public typealias MultipartFormData = MultipartFormBodyPart
    /// Alamofire's download destination, with options.
    public typealias DownloadDestination = CourierMoyaCompat.DownloadDestination
    /// Courier's ``AccessTokenAuthorizable``.
    public typealias AccessTokenAuthorizable = CourierTargets.AccessTokenAuthorizable
    /// Courier's ``AuthorizationType``.
    public typealias AuthorizationType = CourierTargets.AuthorizationType
    /// CourierPlugins' `AccessTokenPlugin`.
    public typealias AccessTokenPlugin = CourierPlugins.AccessTokenPlugin
    /// CourierPlugins' `NetworkActivityPlugin`.
    public typealias NetworkActivityPlugin = CourierPlugins.NetworkActivityPlugin
    /// CourierPlugins' `NetworkActivityChangeType`.
    public typealias NetworkActivityChangeType = CourierPlugins.NetworkActivityChangeType
    /// CourierPlugins' `NetworkLoggerPlugin`.
    public typealias NetworkLoggerPlugin = CourierPlugins.NetworkLoggerPlugin
    /// Moya's `CredentialsPlugin`, which Courier does not have.
    @available(
        *, unavailable,
        message: "use AccessTokenPlugin with .basic, or a plugin whose prepare sets Authorization"
    )
    public typealias CredentialsPlugin = CourierMoyaCompat.CredentialsPlugin
    /// Alamofire's `RequestInterceptor`, which Courier does not have.
    @available(
        *, unavailable,
        message: "adapt in a plugin's prepare(_:target:), retry in its retry(_:target:dueTo:attempt:)"
    )
    public typealias RequestInterceptor = CourierMoyaCompat.RequestInterceptor
    /// Alamofire's multipart builder, which Courier does not have.
    @available(
        *, unavailable,
        message: "pass [MultipartFormData] parts to .uploadMultipart"
    )
    public typealias RequestMultipartFormData = CourierMoyaCompat.RequestMultipartFormData
    /// Moya's `MoyaProviderType`, which Courier does not have.
    @available(
        *, unavailable,
        message: "use MoyaProvider<Target>, or Courier's Provider<Target>"
    )
    public typealias MoyaProviderType = CourierMoyaCompat.MoyaProviderType
    #if canImport(UIKit) || canImport(AppKit)
        /// The platform's image type, as `Response.mapImage()` returns it in Moya.
        public typealias Image = CourierMoyaCompat.Image
    #endif
}
