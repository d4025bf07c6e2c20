import Courier

/// Moya's spellings of Courier's types, for code written as `Moya.Method` or `Moya.Response`.
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
    /// Courier's ``TargetType``.
    public typealias TargetType = CourierTargets.TargetType
    /// Courier's ``MultiTarget``.
    public typealias MultiTarget = CourierTargets.MultiTarget
}

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
