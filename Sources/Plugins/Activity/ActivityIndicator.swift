import Foundation

/// One busy/idle state for any number of overlapping calls: what a HUD or a spinner shows.
///
/// It reports ``State/busy`` when the first call begins and ``State/idle`` when the last one
/// ends — once each, however many calls overlap. With a grace period, idle is reported only
/// after that long without any call, so a quick sequence of calls keeps the spinner up instead
/// of flickering.
///
/// ```swift
/// let hud = ActivityIndicator(gracePeriod: 0.3) { state in
///     DispatchQueue.main.async { spinner.isHidden = state == .idle }
/// }
/// let provider = Provider<MallAPI>(plugins: [NetworkActivityPlugin(indicator: hud)])
///
/// for await state in hud.stateChanges { print(state) }   // busy, idle, busy, …
/// ```
///
/// Changes are delivered one at a time and in order, to `onChange` and to every
/// ``stateChanges`` stream, from whichever thread caused them (or a timer's, after a grace
/// period). `onChange` may call back into the indicator.
public final class ActivityIndicator: Sendable {
    /// What the indicator shows.
    public enum State: Sendable, Hashable {
        /// No call is running (and the grace period, if any, is over).
        case idle
        /// At least one call is running.
        case busy
    }

    private struct Storage {
        var activeCount = 0
        var reported = State.idle
        /// Bumped by every change, so a grace timer that fires late knows it is stale.
        var generation = 0
        var subscribers: [Int: AsyncStream<State>.Continuation] = [:]
        var nextSubscriber = 0
        var pending: [State] = []
        var delivering = false
    }

    /// How long, in seconds, the indicator stays busy after the last call ends; `0` by default.
    public let gracePeriod: TimeInterval
    private let onChange: (@Sendable (State) -> Void)?
    private let storage = LockedValue(Storage())

    /// Creates an indicator.
    ///
    /// - Parameters:
    ///   - gracePeriod: seconds to wait after the last call before reporting idle; `0` (report
    ///     at once) by default.
    ///   - onChange: receives each change; `nil` by default (use ``stateChanges``).
    public init(gracePeriod: TimeInterval = 0, onChange: (@Sendable (State) -> Void)? = nil) {
        self.gracePeriod = max(0, gracePeriod)
        self.onChange = onChange
    }

    deinit {
        for subscriber in storage.withLock({ Array($0.subscribers.values) }) { subscriber.finish() }
    }

    /// The state last reported.
    public var state: State { storage.withLock { $0.reported } }

    /// The number of calls running now.
    public var activeCount: Int { storage.withLock { $0.activeCount } }

    /// The changes reported from now on; each access makes a new stream, and a stream ends
    /// when the indicator is released.
    public var stateChanges: AsyncStream<State> {
        let (stream, continuation) = AsyncStream.makeStream(of: State.self)
        let id = storage.withLock { storage in
            storage.nextSubscriber += 1
            storage.subscribers[storage.nextSubscriber] = continuation
            return storage.nextSubscriber
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.storage.withLock { $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Notes that a call began; reports busy if nothing was running.
    public func begin() {
        storage.withLock { storage in
            storage.activeCount += 1
            storage.generation += 1
            if storage.reported == .idle {
                storage.reported = .busy
                storage.pending.append(.busy)
            }
        }
        deliver()
    }

    /// Notes that a call ended; reports idle when it was the last one, at once or after the
    /// grace period. An `end()` without a matching `begin()` is ignored.
    public func end() {
        let timer = storage.withLock { storage -> Int? in
            guard storage.activeCount > 0 else { return nil }
            storage.activeCount -= 1
            guard storage.activeCount == 0 else { return nil }
            storage.generation += 1
            if gracePeriod > 0 { return storage.generation }
            storage.reported = .idle
            storage.pending.append(.idle)
            return nil
        }
        if let timer {
            Task { [gracePeriod] in
                try? await Task.sleep(nanoseconds: UInt64(gracePeriod * 1_000_000_000))
                self.gracePeriodEnded(generation: timer)
            }
        }
        deliver()
    }

    private func gracePeriodEnded(generation: Int) {
        storage.withLock { storage in
            guard storage.generation == generation, storage.activeCount == 0, storage.reported == .busy else { return }
            storage.reported = .idle
            storage.pending.append(.idle)
        }
        deliver()
    }

    /// Hands pending changes over in order. One caller at a time delivers; others leave their
    /// changes in the queue for it, so no listener sees busy and idle swapped.
    private func deliver() {
        var owner = false
        while true {
            let batch = storage.withLock {
                storage -> (states: [State], subscribers: [AsyncStream<State>.Continuation])? in
                if !owner {
                    if storage.delivering { return nil }
                    storage.delivering = true
                }
                if storage.pending.isEmpty {
                    storage.delivering = false
                    return nil
                }
                defer { storage.pending.removeAll() }
                return (storage.pending, Array(storage.subscribers.values))
            }
            guard let batch else { return }
            owner = true
            for state in batch.states {
                onChange?(state)
                for subscriber in batch.subscribers { subscriber.yield(state) }
            }
        }
    }
}
