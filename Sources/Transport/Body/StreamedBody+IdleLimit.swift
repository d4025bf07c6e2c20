import CourierTargets
import Foundation

extension StreamedBody {
    /// Ends the body with `URLError(.timedOut)` when no byte arrives for `seconds` while the
    /// producer is free to read (a full buffer, waiting on a slow consumer, is not idle), and tells
    /// the producer to stop. What arrived before is still read first. `nil`, zero or infinity:
    /// no limit.
    package func limitIdleTime(to seconds: TimeInterval?) {
        guard let seconds, seconds.isFinite, seconds > 0 else { return }
        let interval = Duration.nanoseconds(Int64(seconds * 1_000_000_000))
        let watch = Task { [weak self] in
            while let deadline = self?.idleDeadline(interval) {
                do {
                    try await Task.sleep(until: deadline, clock: .continuous)
                } catch {
                    return
                }
                guard let self, !self.expireIfIdle(interval) else { return }
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
    private func idleDeadline(_ interval: Duration) -> ContinuousClock.Instant? {
        state.withLock { state in
            guard state.end == nil else { return nil }
            if state.paused { state.lastActivity = .now }
            return state.lastActivity + interval
        }
    }

    /// Ends the body if it has been idle for `interval`; returns whether the watch is over.
    private func expireIfIdle(_ interval: Duration) -> Bool {
        let idle = state.withLock { state -> Bool? in
            guard state.end == nil else { return nil }
            return !state.paused && state.lastActivity + interval <= .now
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
