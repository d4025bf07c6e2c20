import Foundation

/// When an event stream may reconnect: after the wait the server asked for with `retry` (or the
/// policy's ``StreamReconnection/delay``), held between the policy's floor and ceiling, and later
/// still when the last minute already had the policy's share of reconnections.
///
/// Events do not reset it: a server that answers each reconnection with one event and a cut would
/// otherwise set the pace of an endless loop of calls.
struct ReconnectionSchedule {
    let policy: StreamReconnection
    /// When the latest reconnections happen, oldest first; no more than the per-minute bound.
    private var recent: [Duration] = []

    init(policy: StreamReconnection) {
        self.policy = policy
    }

    /// The wait before the next reconnection, at `now`, the server having asked for `requested`
    /// seconds (`nil`: it did not ask); notes that reconnection as made when the wait ends.
    mutating func wait(requested: TimeInterval?, now: Duration) -> Duration {
        let asked = Self.duration(min(requested ?? policy.delay, policy.maximumDelay))
        var wait = max(asked, Self.duration(policy.minimumDelay))
        let bound = max(1, policy.maximumReconnectionsPerMinute)
        if recent.count >= bound {
            wait = max(wait, recent[recent.count - bound] + .seconds(60) - now)
        }
        recent.append(now + wait)
        if recent.count > bound { recent.removeFirst(recent.count - bound) }
        return wait
    }

    /// `seconds` as a duration: none for a negative value or NaN, and an endless wait held to
    /// some decades, which a task's cancellation ends all the same.
    private static func duration(_ seconds: TimeInterval) -> Duration {
        guard !seconds.isNaN, seconds > 0 else { return .zero }
        return .nanoseconds(Int64(min(seconds, 1e9) * 1e9))
    }
}
