import Foundation

/// Ends a transfer on which nothing moved for a while: the timeout of a `URLRequest` with a
/// fractional `timeoutInterval`, which FoundationNetworking cannot keep.
///
/// swift-corelibs-foundation turns `timeoutInterval` into whole seconds by truncation, so
/// `0.5` times out at once, before a byte is sent, and `1.5` after one second.
/// ``URLSessionTransport`` gives the session the next whole second instead and lets this
/// watchdog keep the real interval: it fires when `interval` passes without activity.
final class IdleWatchdog: Sendable {
    private struct State {
        var lastActivity: ContinuousClock.Instant
        var fired = false
    }

    private let interval: Duration
    private let state: LockedState<State>

    /// A watchdog for `seconds` without activity, counted from now.
    init(seconds: TimeInterval) {
        interval = .nanoseconds(Int64(max(0, seconds) * 1_000_000_000))
        state = LockedState(State(lastActivity: .now))
    }

    /// Whether the transfer was ended for being idle.
    var hasFired: Bool { state.withLock { $0.fired } }

    /// Something moved: the idle time starts again.
    func noteActivity() {
        state.withLock { $0.lastActivity = .now }
    }

    /// Waits until the transfer has been idle for the interval, then calls `onIdle` once;
    /// returns without calling it when the waiting task is cancelled first.
    func watch(onIdle: @Sendable () -> Void) async {
        while true {
            let deadline = state.withLock { $0.lastActivity } + interval
            do {
                try await Task.sleep(until: deadline, clock: .continuous)
            } catch {
                return
            }
            let idle = state.withLock { state -> Bool in
                guard state.lastActivity + interval <= .now else { return false }
                state.fired = true
                return true
            }
            if idle {
                onIdle()
                return
            }
        }
    }
}
