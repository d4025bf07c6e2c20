import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Runs a call's work with a time limit on the whole of it, and returns the moment the limit
/// passes or the calling task is cancelled, even when the work ignores cancellation.
///
/// `URLRequest.timeoutInterval` only limits the wait between two packets, so a server that
/// trickles its body never trips it; a deadline does. A task group would not do: it cannot
/// return before a child that ignores cancellation (a plugin awaiting a refresh that hangs), so
/// the work runs in a task of its own, which is cancelled when the call ends, and its late
/// result is dropped.
enum Deadline {
    /// How long a call that was cancelled or timed out waits for its work to wind down, so that
    /// the plugins' `didReceive` and `process` and the clean-up of temporary files come before the
    /// caller goes on, as they do for any call; work that takes longer is left to finish alone.
    static let windDown: UInt64 = 500_000_000

    /// The call whose work the current task runs, when it runs one.
    @TaskLocal private static var current: Race<Response>.Flags?

    /// The error a call's work ends with when its task was cancelled: a timeout when the call's
    /// deadline cancelled it, ``CourierError/cancelled`` otherwise. The plugins see the reason the
    /// caller sees.
    static var stopped: CourierError {
        current?.timedOut == true ? .underlying(URLError(.timedOut), nil) : .cancelled
    }

    /// Runs `work` and returns its result, `URLError(.timedOut)` after `seconds` (`nil` or
    /// infinity: no limit), or ``CourierError/cancelled`` when the calling task is cancelled or
    /// the provider that owns `calls` shuts down (at once, without running `work`, when it has).
    static func run(
        within seconds: TimeInterval?, among calls: CallRegistry,
        _ work: @escaping @Sendable () async -> Result<Response, CourierError>
    ) async -> Result<Response, CourierError> {
        let race = Race<Response>()
        guard let admitted = calls.admit({ race.finish(.failure(.cancelled)) }) else { return .failure(.cancelled) }
        defer { calls.release(admitted) }
        let worker = Task {
            let outcome = await $current.withValue(race.flags) { await work() }
            race.finish(outcome)
            race.flags.workEnded()
        }
        // A dispatch timer, not a sleeping task: a cancelled `Task.sleep` leaves its dispatch
        // entry queued until the full time has passed (about 0.7 KB a call for 60 s, which a busy
        // service would pile up by the hundred thousand); a cancelled source goes at once.
        let timer = seconds.flatMap(WaitTime.nanoseconds).map { nanoseconds in
            let source = DispatchSource.makeTimerSource(queue: .global())
            source.setEventHandler {
                race.flags.markTimedOut()
                race.finish(.failure(.underlying(URLError(.timedOut), nil)))
            }
            source.schedule(deadline: .now() + .nanoseconds(Int(clamping: nanoseconds)))
            source.resume()
            return source
        }
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in race.deliver(to: continuation) }
        } onCancel: {
            race.finish(.failure(.cancelled))
        }
        timer?.cancel()
        if !race.flags.hasWorkEnded {
            worker.cancel()
            await race.flags.waitForWork(upTo: windDown)
        }
        return result
    }
}

/// The first of the work's result, the time limit and the caller's cancellation; later ones
/// are dropped.
final class Race<T: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Result<T, CourierError>, Never>?
        var outcome: Result<T, CourierError>?
    }

    private let state = LockedState(State())
    /// What the call's work and its caller share besides the outcome.
    let flags = Flags()

    /// Whether the deadline passed, and whether the work has ended.
    final class Flags: Sendable {
        private struct State {
            var timedOut = false
            var workEnded = false
            var windDownOver = false
            var waiter: CheckedContinuation<Void, Never>?
        }

        private let state = LockedState(State())

        var timedOut: Bool { state.withLock { $0.timedOut } }
        var hasWorkEnded: Bool { state.withLock { $0.workEnded } }

        func markTimedOut() { state.withLock { $0.timedOut = true } }

        func workEnded() { release { $0.workEnded = true } }

        /// Returns when the work has ended, or after `nanoseconds`, whichever comes first.
        func waitForWork(upTo nanoseconds: UInt64) async {
            let timer = Task {
                try? await Task.sleep(nanoseconds: nanoseconds)
                release { $0.windDownOver = true }
            }
            await withCheckedContinuation { continuation in
                let done = state.withLock { state in
                    let done = state.workEnded || state.windDownOver
                    if !done { state.waiter = continuation }
                    return done
                }
                if done { continuation.resume() }
            }
            timer.cancel()
        }

        private func release(_ change: @Sendable (inout State) -> Void) {
            let waiter = state.withLock { state in
                change(&state)
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume()
        }
    }

    /// Hands the outcome to `continuation`, now if there is one already, or when it comes.
    func deliver(to continuation: CheckedContinuation<Result<T, CourierError>, Never>) {
        let outcome = state.withLock { state in
            if state.outcome == nil { state.continuation = continuation }
            return state.outcome
        }
        if let outcome { continuation.resume(returning: outcome) }
    }

    /// Settles the race with `outcome` unless it is settled already.
    func finish(_ outcome: Result<T, CourierError>) {
        let continuation = state.withLock { state -> CheckedContinuation<Result<T, CourierError>, Never>? in
            guard state.outcome == nil else { return nil }
            state.outcome = outcome
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(returning: outcome)
    }
}
