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
///    than ``RetryDecision/doNotRetry`` wins, and the call is sent again from its request
///    closure (the endpoint closure runs once per call), so step 1 and everything after it run
///    again and a refreshed token is applied.
/// 7. ``didFinish(_:target:)``, in array order, once per call, with the result its caller gets.
///
/// Every hook can tell which call and which attempt it sees from ``CallContext/current``.
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

    /// Called exactly once per call, with the result its caller gets: after every retry and
    /// token refresh, for real and stubbed calls alike, so it never sees an attempt that was
    /// sent again.
    ///
    /// It also runs for a call that ends before anything was sent (a `prepare` threw), and for
    /// a call that was cancelled (``CourierError/cancelled``) or passed its deadline
    /// (`.underlying(URLError(.timedOut), nil)`, ``CourierError/isTimeout``), with that error:
    /// the attempt that was running gets a moment to wind down first, so its `didReceive` and
    /// `process` usually come before, but one that ignores cancellation is not waited for.
    /// A success is the response as `process` left it; for `request(_:as:)`, a payload that did
    /// not decode is already the failure. It runs before the caller gets the result (before a
    /// completion handler, before a progress stream ends). ``CallContext/current`` names the
    /// call and its last attempt.
    func didFinish(_ result: Result<Response, CourierError>, target: any TargetType)
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

    /// Does nothing.
    public func didFinish(_ result: Result<Response, CourierError>, target: any TargetType) {}
}
