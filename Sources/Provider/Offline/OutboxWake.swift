/// A wait an outbox's sender can be woken from: for new work, or out of a backoff when the
/// network is back. A wake that comes while nobody waits is kept for the next wait, unless the
/// waiter says it is no longer news (``reset()``).
final class OutboxWake: Sendable {
    private struct State {
        var woken = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = LockedState(State())

    /// Ends the wait under way, or the next one.
    func wake() {
        let waiter = state.withLock { state in
            guard let waiter = state.waiter else {
                state.woken = true
                return nil as CheckedContinuation<Void, Never>?
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume()
    }

    /// Forgets a wake that came while nobody waited.
    func reset() {
        state.withLock { $0.woken = false }
    }

    /// Waits until woken, or until `sleep` of `delay` returns (when a delay is given), or until the
    /// task is cancelled.
    func wait(for delay: Duration?, sleep: @escaping @Sendable (Duration) async throws -> Void) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.woken() }
            if let delay { group.addTask { try? await sleep(delay) } }
            await group.next()
            group.cancelAll()
        }
    }

    /// Returns when woken (at once when a wake is kept), or when the task is cancelled.
    private func woken() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = state.withLock { state in
                    if state.woken || Task.isCancelled {
                        state.woken = false
                        return true
                    }
                    state.waiter = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume()
        }
    }
}
