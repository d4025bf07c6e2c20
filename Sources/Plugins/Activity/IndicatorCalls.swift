import Courier

/// The calls an ``ActivityIndicator`` shows as busy, one begin and one end per call however
/// many attempts it takes: an indicator that went idle between a failed attempt and its retry
/// would flicker.
///
/// A call is known by its ``CallContext/id``; hooks run outside a provider's call (no context,
/// as when a test drives the plugin by hand) count each attempt instead.
final class IndicatorCalls: Sendable {
    private let indicator: ActivityIndicator
    private let busy = LockedValue<Set<UInt64>>([])

    init(_ indicator: ActivityIndicator) {
        self.indicator = indicator
    }

    /// Begins the call at its first attempt that is sent.
    func attemptWillSend() {
        guard let call = CallContext.current?.id else { return indicator.begin() }
        if busy.withLock({ $0.insert(call).inserted }) { indicator.begin() }
    }

    /// Ends an attempt seen outside a provider's call; a provider's call ends in ``callDidFinish()``.
    func attemptDidReceive() {
        if CallContext.current == nil { indicator.end() }
    }

    /// Ends the call, if an attempt of it was sent.
    func callDidFinish() {
        guard let call = CallContext.current?.id else { return }
        if busy.withLock({ $0.remove(call) != nil }) { indicator.end() }
    }
}
