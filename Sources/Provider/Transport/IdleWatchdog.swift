import Foundation

/// Ends a transfer on which nothing moved for a while: the timeout of a `URLRequest` with a
/// fractional `timeoutInterval`, which FoundationNetworking cannot keep.
///
/// swift-corelibs-foundation turns `timeoutInterval` into whole seconds by truncation, so
/// `0.5` times out at once, before a byte is sent, and `1.5` after one second.
/// ``URLSessionTransport`` gives the session the next whole second instead and lets this
/// watchdog keep the real interval: it fires when `interval` passes without activity, on its
/// `clock` (a test's ``ManualClock`` advances it; a late wake-up on a busy machine only makes it
/// look later, never fire early).
final class IdleWatchdog: Sendable {
    private struct State {
        /// When something last moved; `nil` until the transfer starts.
        var lastActivity: UInt64?
        /// The watch, while it waits for the transfer to start.
        var waitingForStart: CheckedContinuation<Void, Never>?
        var fired = false
        var ended = false
    }

    private let interval: UInt64
    private let clock: WaitClock
    private let state: LockedState<State>

    /// A watchdog for `seconds` without activity on `clock`, counted from its transfer's start
    /// (the first ``noteActivity()``): the time a task waits to be made, which FoundationNetworking
    /// can stretch to seconds, is not the server's silence.
    init(seconds: TimeInterval, clock: WaitClock = .system) {
        interval = WaitTime.nanoseconds(seconds) ?? .max
        self.clock = clock
        state = LockedState(State())
    }

    /// Whether the transfer was ended for being idle.
    var hasFired: Bool { state.withLock { $0.fired } }

    /// The transfer started, or something moved: the idle time starts again.
    func noteActivity() {
        let now = clock.now()
        let started = state.withLock { state in
            state.lastActivity = now
            defer { state.waitingForStart = nil }
            return state.waitingForStart
        }
        started?.resume()
    }

    /// The transfer is over (answered, failed or cancelled): the watchdog never fires after this,
    /// however late its own wake-up comes.
    func end() {
        let waiting = state.withLock { state in
            state.ended = true
            defer { state.waitingForStart = nil }
            return state.waitingForStart
        }
        waiting?.resume()
    }

    /// Waits until the transfer has been idle for the interval, then calls `onIdle` once;
    /// returns without calling it when the waiting task is cancelled or the transfer ended first.
    func watch(onIdle: @Sendable () -> Void) async {
        await transferStarted()
        while true {
            let deadline = state.withLock { state -> UInt64? in
                guard !state.ended, let lastActivity = state.lastActivity else { return nil }
                let (sum, overflow) = lastActivity.addingReportingOverflow(interval)
                return overflow ? .max : sum
            }
            guard let deadline else { return }
            do {
                try await clock.sleep(until: deadline)
            } catch {
                return
            }
            let now = clock.now()
            let idle = state.withLock { state -> Bool in
                guard !state.ended, let lastActivity = state.lastActivity, now >= lastActivity,
                    now - lastActivity >= interval
                else { return false }
                state.fired = true
                return true
            }
            if idle {
                onIdle()
                return
            }
        }
    }

    /// Returns once the transfer started or ended, or the waiting task is cancelled.
    private func transferStarted() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = state.withLock { state in
                    guard state.lastActivity == nil, !state.ended, !Task.isCancelled else { return true }
                    state.waitingForStart = continuation
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            state.withLock { state in
                defer { state.waitingForStart = nil }
                return state.waitingForStart
            }?.resume()
        }
    }
}
