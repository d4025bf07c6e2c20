import Foundation

/// The calls a provider has in flight, so that ``Provider/shutdown()`` can end them all; once
/// shut, it admits no call.
final class CallRegistry: Sendable {
    private struct State {
        var calls: [UInt64: Call] = [:]
        var isShut = false
    }

    private let state = LockedState(State())

    /// Records `call`; `false` when the provider is shut down, so the call must not start.
    func admit(_ call: Call) -> Bool {
        state.withLock { state in
            guard !state.isShut else { return false }
            state.calls[call.id] = call
            return true
        }
    }

    /// Forgets a call that ended.
    func release(_ call: Call) {
        _ = state.withLock { $0.calls.removeValue(forKey: call.id) }
    }

    /// Admits no further call and ends every call in flight.
    func shutDown() {
        let calls = state.withLock { state in
            state.isShut = true
            defer { state.calls = [:] }
            return Array(state.calls.values)
        }
        // Outside the lock: ending a call resumes its caller.
        for call in calls { call.finish(.failure(.cancelled)) }
    }
}
