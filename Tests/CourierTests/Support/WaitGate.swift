import Foundation

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A stub's wait that ends when the test releases it, or with `CancellationError` when the waiting
/// task is cancelled; it says when a wait has begun.
final class WaitGate: Sendable {
    private struct State {
        var waiters: [UInt64: CheckedContinuation<Void, any Error>] = [:]
        var lastID: UInt64 = 0
        var released = false
        var cancelled = 0
        var beganWatchers: [CheckedContinuation<Void, Never>] = []
    }

    private let state = LockedState(State())

    /// How many waits ended because their task was cancelled.
    var cancelledCount: Int { state.withLock { $0.cancelled } }

    /// Waits until ``release()`` or cancellation, whatever `seconds` says.
    func wait(_ seconds: TimeInterval) async throws {
        let id = state.withLock { state in
            state.lastID += 1
            return state.lastID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (open, watchers) = state.withLock { state in
                    if !state.released { state.waiters[id] = continuation }
                    defer { state.beganWatchers.removeAll() }
                    return (state.released, state.beganWatchers)
                }
                for watcher in watchers { watcher.resume() }
                if open { continuation.resume() } else if Task.isCancelled { cancel(id) }
            }
        } onCancel: {
            cancel(id)
        }
    }

    /// Returns once a wait has begun (at once if one has).
    func firstWaitBegan() async {
        await withCheckedContinuation { continuation in
            let began = state.withLock { state in
                let began = state.lastID > 0 && (state.released || !state.waiters.isEmpty || state.cancelled > 0)
                if !began { state.beganWatchers.append(continuation) }
                return began
            }
            if began { continuation.resume() }
        }
    }

    /// Ends every wait, and lets later ones through at once.
    func release() {
        let all = state.withLock { state in
            state.released = true
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        for waiter in all.values { waiter.resume() }
    }

    private func cancel(_ id: UInt64) {
        let waiter = state.withLock { state in
            let waiter = state.waiters.removeValue(forKey: id)
            if waiter != nil { state.cancelled += 1 }
            return waiter
        }
        waiter?.resume(throwing: CancellationError())
    }
}
