import CourierTargets
import Foundation

extension StreamedBody {
    /// Ends the body with `URLError(.timedOut)` when no byte arrives for `seconds` while the
    /// producer is free to read (a full buffer, waiting on a slow consumer, is not idle), and tells
    /// the producer to stop. What arrived before is still read first. `nil`, zero or infinity:
    /// no limit.
    ///
    /// The idle time counts from this call, on `clock`: a stream starts it once the head has
    /// arrived (until then the request's own timeout bounds the wait), so time spent connecting,
    /// or waiting for a thread on a busy machine, is never taken for a silent server.
    package func limitIdleTime(to seconds: TimeInterval?, clock: WaitClock = .system) {
        guard let seconds, seconds.isFinite, seconds > 0 else { return }
        let interval = UInt64(min(seconds, 1e9) * 1_000_000_000)
        let counting = state.withLock { state -> Bool in
            guard state.end == nil else { return false }
            state.idleClock = clock
            state.noteActivity()
            return true
        }
        guard counting else { return }
        let watch = Task { [weak self] in
            while let deadline = self?.idleDeadline(interval, on: clock) {
                do {
                    try await clock.sleep(until: deadline)
                } catch {
                    return
                }
                guard let self, !self.expireIfIdle(interval, on: clock) else { return }
            }
        }
        let ended = state.withLock { state -> Bool in
            guard state.end == nil else { return true }
            state.idleWatch = watch
            return false
        }
        if ended { watch.cancel() }
    }

    /// When the body times out if nothing arrives first; `nil` once it has ended.
    private func idleDeadline(_ interval: UInt64, on clock: WaitClock) -> UInt64? {
        state.withLock { state in
            guard state.end == nil else { return nil }
            if state.paused { state.noteActivity() }
            let (deadline, overflow) = state.lastActivity.addingReportingOverflow(interval)
            return overflow ? .max : deadline
        }
    }

    /// Ends the body if it has been idle for `interval`; returns whether the watch is over.
    private func expireIfIdle(_ interval: UInt64, on clock: WaitClock) -> Bool {
        let now = clock.now()
        let idle = state.withLock { state -> Bool? in
            guard state.end == nil else { return nil }
            return !state.paused && now >= state.lastActivity && now - state.lastActivity >= interval
        }
        switch idle {
        case nil: return true
        case false?: return false
        case true?:
            stop(with: URLError(.timedOut), keepsBuffer: true)
            return true
        }
    }
}
