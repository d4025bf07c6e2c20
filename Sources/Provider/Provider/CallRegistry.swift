import Foundation

/// The calls a provider has in flight, each with the way to end it, so that
/// ``Provider/shutdown()`` can end them all; once shut, it admits no call.
final class CallRegistry: Sendable {
    private struct State {
        var nextID = 0
        var stops: [Int: @Sendable () -> Void] = [:]
        var isShut = false
    }

    private let state = LockedState(State())

    /// Records a call that `stop` ends; `nil` when the provider is shut down, so the call must
    /// not start.
    func admit(_ stop: @escaping @Sendable () -> Void) -> Int? {
        state.withLock { state in
            guard !state.isShut else { return nil }
            state.nextID += 1
            state.stops[state.nextID] = stop
            return state.nextID
        }
    }

    /// Forgets a call that ended.
    func release(_ id: Int) {
        _ = state.withLock { $0.stops.removeValue(forKey: id) }
    }

    /// Admits no further call and ends every call in flight.
    func shutDown() {
        let stops = state.withLock { state in
            state.isShut = true
            defer { state.stops = [:] }
            return Array(state.stops.values)
        }
        // Outside the lock: a stop resumes the call's caller.
        for stop in stops { stop() }
    }
}
