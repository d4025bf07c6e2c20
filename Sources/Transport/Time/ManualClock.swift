/// A clock that moves only when a test says so, as SwiftNIO's `EmbeddedEventLoop.advanceTime`:
/// tests of timeouts advance it instead of sleeping, so they neither wait nor depend on how
/// busy the machine is.
///
/// The native transport's event loops built on it (`LoopClock.manual(_:)`) report, before each
/// wait, the time they last fired their timers at and their next deadline; ``advance(to:)`` wakes
/// them and returns once each has fired what the new time made due. Every other wait on it
/// (``sleep(until:)``: the Happy Eyeballs head start, and the provider's waits through a
/// ``WaitClock``: call deadlines, stream idle limits, retry waits) ends when time reaches it.
///
/// ```swift
/// let clock = ManualClock()
/// let next = await clock.nextDeadline()   // a loop or a sleeper waits for this instant
/// await clock.advance(to: next)           // …and it has fired when this returns
/// ```
package final class ManualClock: Sendable {
    private struct Loop: Sendable {
        var wake: @Sendable () -> Void
        /// The time the loop last fired its due timers at.
        var checkedAt: UInt64 = 0
        /// Its earliest timer then.
        var next: UInt64?
    }

    private struct State: Sendable {
        var now: UInt64
        var nextID = 0
        var loops: [Int: Loop] = [:]
        var sleepers: [Int: (deadline: UInt64, continuation: CheckedContinuation<Void, any Error>)] = [:]
        /// Sleepers cancelled before they parked.
        var cancelled: Set<Int> = []
        var advances: [(target: UInt64, continuation: CheckedContinuation<Void, Never>)] = []
        /// Callers of ``nextDeadline(sleepsOnly:)``.
        var deadlineWaiters: [Int: (sleepsOnly: Bool, continuation: CheckedContinuation<UInt64?, Never>)] = [:]

        /// The earliest instant after now that a sleeper, or a loop unless `sleepsOnly`, waits for.
        func pendingDeadline(sleepsOnly: Bool) -> UInt64? {
            let loopDeadlines = sleepsOnly ? [] : loops.values.compactMap(\.next)
            return (loopDeadlines + sleepers.values.map(\.deadline)).filter { $0 > now }.min()
        }

        /// Takes the waiters whose wait is over: advances every loop caught up with, and
        /// callers of ``nextDeadline(sleepsOnly:)`` when there is one.
        mutating func takeFinished() -> [@Sendable () -> Void] {
            var finished: [@Sendable () -> Void] = []
            let caughtUp = loops.values.map(\.checkedAt).min() ?? .max
            advances.removeAll { advance in
                guard advance.target <= caughtUp else { return false }
                finished.append { advance.continuation.resume() }
                return true
            }
            for (id, waiter) in deadlineWaiters {
                guard let deadline = pendingDeadline(sleepsOnly: waiter.sleepsOnly) else { continue }
                deadlineWaiters[id] = nil
                finished.append { waiter.continuation.resume(returning: deadline) }
            }
            return finished
        }
    }

    private let state: LockedState<State>

    /// Creates a clock that reads `now` nanoseconds until it is advanced (one second by default,
    /// so that no deadline arithmetic comes near zero).
    package init(now: UInt64 = 1_000_000_000) {
        state = LockedState(State(now: now))
    }

    /// The time, in nanoseconds.
    package func now() -> UInt64 { state.withLock { $0.now } }

    /// Moves time forward by `duration`; see ``advance(to:)``.
    package func advance(by duration: Duration) async {
        let nanoseconds =
            UInt64(clamping: duration.components.seconds) &* 1_000_000_000
            &+ UInt64(clamping: duration.components.attoseconds / 1_000_000_000)
        await advance(to: now() &+ nanoseconds)
    }

    /// Moves time to `target` (never back), ends the sleeps it reaches, and returns once every
    /// loop on the clock has fired the timers due by then.
    package func advance(to target: UInt64) async {
        let (due, loops) = state.withLock { state in
            state.now = max(state.now, target)
            let now = state.now
            let due = state.sleepers.filter { $0.value.deadline <= now }
            for id in due.keys { state.sleepers[id] = nil }
            return (due.values.map(\.continuation), state.loops.values.map(\.wake))
        }
        for continuation in due { continuation.resume() }
        for wake in loops { wake() }
        await withCheckedContinuation { continuation in
            let finished = state.withLock { state in
                state.advances.append((target, continuation))
                return state.takeFinished()
            }
            for resume in finished { resume() }
        }
    }

    /// The earliest instant after now that a loop's timer or a sleep waits for (only sleeps, with
    /// `sleepsOnly`); waits until there is one. `nil` when the task is cancelled first.
    package func nextDeadline(sleepsOnly: Bool = false) async -> UInt64? {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let answer = state.withLock { state -> UInt64?? in
                    if let deadline = state.pendingDeadline(sleepsOnly: sleepsOnly) { return deadline }
                    if Task.isCancelled { return .some(nil) }
                    state.deadlineWaiters[id] = (sleepsOnly, continuation)
                    return nil
                }
                if let answer { continuation.resume(returning: answer) }
            }
        } onCancel: {
            state.withLock { $0.deadlineWaiters.removeValue(forKey: id) }?.continuation.resume(returning: nil)
        }
    }

    /// Returns when time reaches `deadline`; throws `CancellationError` when the task is cancelled.
    package func sleep(until deadline: UInt64) async throws {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (ready, finished) = state.withLock { state -> (Result<Void, any Error>?, [@Sendable () -> Void]) in
                    if state.cancelled.remove(id) != nil { return (.failure(CancellationError()), []) }
                    if deadline <= state.now { return (.success(()), []) }
                    state.sleepers[id] = (deadline, continuation)
                    return (nil, state.takeFinished())
                }
                if let ready { continuation.resume(with: ready) }
                for resume in finished { resume() }
            }
        } onCancel: {
            let sleeper = state.withLock { state in
                guard let sleeper = state.sleepers.removeValue(forKey: id) else {
                    state.cancelled.insert(id)
                    return nil as CheckedContinuation<Void, any Error>?
                }
                return sleeper.continuation
            }
            sleeper?.resume(throwing: CancellationError())
        }
    }

    // MARK: Event loops

    /// Counts in a loop that `wake` wakes; returns its id for ``loopWaits(_:checkedAt:next:)``.
    package func attach(wake: @escaping @Sendable () -> Void) -> Int {
        state.withLock { state in
            defer { state.nextID += 1 }
            state.loops[state.nextID] = Loop(wake: wake)
            return state.nextID
        }
    }

    /// Counts a stopped loop out: advances no longer wait for it.
    package func detach(_ id: Int) {
        let finished = state.withLock { state in
            state.loops[id] = nil
            return state.takeFinished()
        }
        for resume in finished { resume() }
    }

    /// Called by loop `id` before it waits: it fired its due timers at `checkedAt`, and its
    /// earliest timer is `next`.
    package func loopWaits(_ id: Int, checkedAt: UInt64, next: UInt64?) {
        let finished = state.withLock { state in
            state.loops[id]?.checkedAt = checkedAt
            state.loops[id]?.next = next
            return state.takeFinished()
        }
        for resume in finished { resume() }
    }
}
