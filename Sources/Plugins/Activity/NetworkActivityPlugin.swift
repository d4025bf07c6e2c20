import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Tells the app when requests start and end, as Moya's `NetworkActivityPlugin` does: to show
/// a spinner, count traffic, or drive an ``ActivityIndicator``.
///
/// ```swift
/// let activity = NetworkActivityPlugin { change, target in
///     print(change == .began ? "→" : "←", target.path)
/// }
/// let hud = ActivityIndicator(gracePeriod: 0.3) { state in
///     DispatchQueue.main.async { spinner.isHidden = state == .idle }
/// }
/// let provider = Provider<MallAPI>(plugins: [activity, NetworkActivityPlugin(indicator: hud)])
/// ```
///
/// `.began` is sent from `willSend` and `.ended` from `didReceive`, so every `.began` is
/// followed by exactly one `.ended` — when the call succeeds, fails, is stubbed or is
/// cancelled. A retried call sends one pair per attempt; a call whose `prepare` throws, or
/// that is cancelled before it is sent, sends neither. The target is the real one, seen
/// through `MultiTarget`. The closure runs on the calling task's thread: hop to the main
/// actor for UI work.
///
/// An ``ActivityIndicator`` (``init(indicator:)``) follows calls rather than attempts: it begins
/// with a call's first `willSend` and ends in `didFinish`, once the call's final outcome is
/// known, so the spinner stays up while a call waits for its retry.
public struct NetworkActivityPlugin: PluginType {
    /// Receives each change with the target it concerns.
    public typealias NetworkActivityClosure =
        @Sendable (_ change: NetworkActivityChangeType, _ target: any TargetType) -> Void

    /// Receives each change.
    public let networkActivityClosure: NetworkActivityClosure
    /// The calls an indicator shows, for ``init(indicator:)``.
    private let calls: IndicatorCalls?

    /// Creates the plugin with a closure, as in Moya.
    public init(networkActivityClosure: @escaping NetworkActivityClosure) {
        self.networkActivityClosure = networkActivityClosure
        self.calls = nil
    }

    /// Creates the plugin that keeps `indicator` busy while any call runs, from the first attempt
    /// of a call to its final outcome, retries included.
    public init(indicator: ActivityIndicator) {
        self.networkActivityClosure = { change, _ in
            switch change {
            case .began: indicator.begin()
            case .ended: indicator.end()
            }
        }
        self.calls = IndicatorCalls(indicator)
    }

    /// Sends `.began` (for an indicator, once per call).
    public func willSend(_ request: URLRequest, target: any TargetType) {
        if let calls {
            calls.attemptWillSend()
        } else {
            networkActivityClosure(.began, MultiTarget.unwrap(target))
        }
    }

    /// Sends `.ended` (for an indicator, only outside a provider's call: see ``didFinish(_:target:)``).
    public func didReceive(_ result: Result<Response, CourierError>, target: any TargetType) {
        if let calls {
            calls.attemptDidReceive()
        } else {
            networkActivityClosure(.ended, MultiTarget.unwrap(target))
        }
    }

    /// Ends an indicator's call, once its final outcome is known.
    public func didFinish(_ result: Result<Response, CourierError>, target: any TargetType) {
        calls?.callDidFinish()
    }
}
