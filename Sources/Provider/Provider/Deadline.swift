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
/// the work runs in a task of its own (started on the caller's thread where the system can,
/// ``startWork(here:_:)``), which is cancelled when the call ends, and its late result is
/// dropped. The limit is one entry in a ``DeadlineTimer`` (the process's, or a test clock's), not
/// a timer of the call's own.
enum Deadline {
    /// How long a call that was cancelled or timed out waits for its work to wind down, so that
    /// the plugins' `didReceive` and `process` and the clean-up of temporary files come before the
    /// caller goes on, as they do for any call; work that takes longer is left to finish alone.
    static let windDown: UInt64 = 500_000_000

    /// Runs `work` for `call` and returns its result, `URLError(.timedOut)` after `seconds` (`nil`
    /// or infinity: no limit) on `deadlines`' clock, or ``CourierError/cancelled`` when the calling
    /// task is cancelled or the provider that owns `calls` shuts down (at once, without running
    /// `work`, when it has).
    ///
    /// `startsWorkHere: false` starts the work as the Apple systems older than `Task.immediate` do
    /// (see ``startWork(here:_:)``), so that the suite runs that start on Linux too.
    static func run(
        _ call: Call, within seconds: TimeInterval?, among calls: CallRegistry, deadlines: DeadlineTimer,
        startsWorkHere: Bool = true,
        _ work: @escaping @Sendable () async -> Result<Response, CourierError>
    ) async -> Result<Response, CourierError> {
        guard calls.admit(call) else { return .failure(.cancelled) }
        defer { calls.release(call) }
        let timer = seconds.flatMap(WaitTime.nanoseconds).map { deadlines.schedule(call, after: $0) }
        let worker = startWork(here: startsWorkHere) { call.workEnded(with: await work()) }
        let result = await withTaskCancellationHandler {
            await withUnsafeContinuation { continuation in call.deliver(to: continuation) }
        } onCancel: {
            call.finish(.failure(.cancelled))
        }
        if let timer { deadlines.cancel(timer) }
        if let ended = call.endedBeforeItsWork {
            worker.cancel()
            let (over, overflow) = ended.addingReportingOverflow(windDown)
            await call.waitForWork(until: overflow ? .max : over)
        }
        return result
    }

    /// Starts `operation`, the call's work, in a task of its own.
    ///
    /// Where the system has `Task.immediate` (Linux; macOS 26, iOS 26, tvOS 26, watchOS 26 and
    /// visionOS 26) and `here` is true, the task starts on this thread and runs here up to its first
    /// suspension: a call that never waits (a stub, a cache hit) ends before the caller parks, and
    /// one that waits is not handed to another thread of the pool first, a wake-up and a cold cache
    /// per call. On the older Apple systems Courier supports it is a plain `Task`, which another
    /// thread of the pool starts: the same results, that hop aside. A caller cancelled already gets
    /// a plain `Task` too, and `.cancelled`, as always: its work must not settle first.
    static func startWork(here: Bool, _ operation: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        if here, !Task.isCancelled, #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            return Task.immediate(operation: operation)
        }
        return Task(operation: operation)
    }
}

/// The first of the work's result, the time limit and the caller's cancellation (later ones are
/// dropped), and whether the work has ended: part of a ``Call``'s state, behind its lock.
struct DeadlineRace {
    var outcome: Result<Response, CourierError>?
    /// The caller, once it waits. Unsafe rather than checked: it is taken out under the lock by
    /// whichever of ``Call/deliver(to:)`` and ``Call/finish(_:)`` comes second, so it is resumed
    /// exactly once, and the checked kind costs an allocation per call.
    var caller: UnsafeContinuation<Result<Response, CourierError>, Never>?
    var timedOut = false
    /// When the time limit or the caller's cancellation settled the race, on the deadline's clock.
    var stoppedAt: UInt64?
    var workEnded = false
    var windDownOver = false
    var windDownWaiter: CheckedContinuation<Void, Never>?

    /// Records `outcome` if the race is not settled yet, and returns the caller to resume with it.
    mutating func settle(
        with outcome: Result<Response, CourierError>
    ) -> UnsafeContinuation<Result<Response, CourierError>, Never>? {
        guard self.outcome == nil else { return nil }
        self.outcome = outcome
        defer { caller = nil }
        return caller
    }
}

extension Call {
    var hasWorkEnded: Bool { state.withLock { $0.race.workEnded } }

    /// When the call was stopped (its time limit, its caller's cancellation) while its work went on;
    /// `nil` when the work ended first.
    var endedBeforeItsWork: UInt64? {
        state.withLock { $0.race.workEnded ? nil : $0.race.stoppedAt }
    }

    /// Hands the outcome to `continuation`, now if there is one already, or when it comes.
    func deliver(to continuation: UnsafeContinuation<Result<Response, CourierError>, Never>) {
        let outcome = state.withLock { state in
            if state.race.outcome == nil { state.race.caller = continuation }
            return state.race.outcome
        }
        if let outcome { continuation.resume(returning: outcome) }
    }

    /// Settles the race with `outcome` unless it is settled already: the call stops at `instant`
    /// on its clock (now unless said).
    func finish(_ outcome: Result<Response, CourierError>, at instant: UInt64? = nil) {
        let stoppedAt = instant ?? clock.now()
        let caller = state.withLock { state in
            if state.race.outcome == nil { state.race.stoppedAt = stoppedAt }
            return state.race.settle(with: outcome)
        }
        caller?.resume(returning: outcome)
    }

    /// The work ended with `outcome`: the race is settled with it unless it is settled already,
    /// and a caller winding down waits no longer (one lock for both, on every call's path).
    func workEnded(with outcome: Result<Response, CourierError>) {
        let (caller, waiter) = state.withLock { state in
            state.race.workEnded = true
            defer { state.race.windDownWaiter = nil }
            return (state.race.settle(with: outcome), state.race.windDownWaiter)
        }
        caller?.resume(returning: outcome)
        waiter?.resume()
    }

    /// The deadline, at `deadline`, passed: the call ends with a timeout, and its work, told why,
    /// stops. The call stopped at its deadline, however late the timer came to say so.
    func expire(at deadline: UInt64) {
        state.withLock { $0.race.timedOut = true }
        finish(.failure(.underlying(URLError(.timedOut), nil)), at: deadline)
    }

    /// Returns when the work has ended, or when the call's clock reaches `over`, whichever comes
    /// first.
    func waitForWork(until over: UInt64) async {
        let timer = Task {
            guard (try? await clock.sleep(until: over)) != nil else { return }
            releaseWaiter { $0.windDownOver = true }
        }
        await withCheckedContinuation { continuation in
            let done = state.withLock { state in
                let done = state.race.workEnded || state.race.windDownOver
                if !done { state.race.windDownWaiter = continuation }
                return done
            }
            if done { continuation.resume() }
        }
        timer.cancel()
    }

    private func releaseWaiter(_ change: (inout DeadlineRace) -> Void) {
        let waiter = state.withLock { state in
            change(&state.race)
            defer { state.race.windDownWaiter = nil }
            return state.race.windDownWaiter
        }
        waiter?.resume()
    }
}
