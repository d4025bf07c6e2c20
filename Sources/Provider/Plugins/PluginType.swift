import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A hook into every call a provider makes: to change the request, watch it, rewrite the
/// result, or ask for a retry.
///
/// Every requirement has a do-nothing default, so a plugin implements only what it needs.
/// A provider runs its plugins in this order, for real and stubbed calls alike:
///
/// 1. ``prepare(_:target:)``, in array order, each receiving the previous plugin's request;
///    a throw ends the call with ``CourierError/underlying(_:_:)`` and no `willSend` runs.
/// 2. ``willSend(_:target:)``, in array order, with the final request.
/// 3. The transport or the stub, then validation and classification.
/// 4. ``didReceive(_:target:)``, in array order.
/// 5. ``process(_:target:)``, in array order, each receiving the previous result.
/// 6. On failure, ``retry(_:target:dueTo:attempt:)`` in array order: the first answer other
///    than ``RetryDecision/doNotRetry`` wins, and the whole chain runs again from step 1.
///
/// ```swift
/// struct AppVersionPlugin: PluginType {
///     func prepare(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
///         var request = request
///         request.setValue("3.2.0", forHTTPHeaderField: "X-App-Version")
///         return request
///     }
/// }
/// ```
///
/// `target` is the provider's own target; a `MultiTarget` is passed as is, and
/// ``MultiTarget/unwrap(_:)`` sees through it.
public protocol PluginType: Sendable {
    /// Changes the request before it is sent: adds a token, signs it.
    func prepare(_ request: URLRequest, target: any TargetType) async throws -> URLRequest

    /// Called with the final request just before it is sent (or stubbed).
    func willSend(_ request: URLRequest, target: any TargetType)

    /// Called with the result, before ``process(_:target:)`` runs.
    func didReceive(_ result: Result<Response, CourierError>, target: any TargetType)

    /// Rewrites the result: may turn a failure into a success or a success into a failure.
    func process(_ result: Result<Response, CourierError>, target: any TargetType) async
        -> Result<Response, CourierError>

    /// Decides whether a failed call is sent again; `attempt` is 1 for the first attempt.
    func retry(_ request: URLRequest, target: any TargetType, dueTo error: CourierError, attempt: Int) async
        -> RetryDecision
}

extension PluginType {
    /// Leaves the request unchanged.
    public func prepare(_ request: URLRequest, target: any TargetType) async throws -> URLRequest { request }

    /// Does nothing.
    public func willSend(_ request: URLRequest, target: any TargetType) {}

    /// Does nothing.
    public func didReceive(_ result: Result<Response, CourierError>, target: any TargetType) {}

    /// Leaves the result unchanged.
    public func process(_ result: Result<Response, CourierError>, target: any TargetType) async
        -> Result<Response, CourierError>
    { result }

    /// Does not retry.
    public func retry(_ request: URLRequest, target: any TargetType, dueTo error: CourierError, attempt: Int) async
        -> RetryDecision
    { .doNotRetry }
}
