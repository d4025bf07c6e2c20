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
public struct NetworkActivityPlugin: PluginType {
    /// Receives each change with the target it concerns.
    public typealias NetworkActivityClosure =
        @Sendable (_ change: NetworkActivityChangeType, _ target: any TargetType) -> Void

    /// Receives each change.
    public let networkActivityClosure: NetworkActivityClosure

    /// Creates the plugin with a closure, as in Moya.
    public init(networkActivityClosure: @escaping NetworkActivityClosure) {
        self.networkActivityClosure = networkActivityClosure
    }

    /// Creates the plugin that keeps `indicator` busy while any call runs.
    public init(indicator: ActivityIndicator) {
        self.networkActivityClosure = { change, _ in
            switch change {
            case .began: indicator.begin()
            case .ended: indicator.end()
            }
        }
    }

    /// Sends `.began`.
    public func willSend(_ request: URLRequest, target: any TargetType) {
        networkActivityClosure(.began, MultiTarget.unwrap(target))
    }

    /// Sends `.ended`.
    public func didReceive(_ result: Result<Response, CourierError>, target: any TargetType) {
        networkActivityClosure(.ended, MultiTarget.unwrap(target))
    }
}
