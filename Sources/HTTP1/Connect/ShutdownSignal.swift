#if os(Linux)
    import CourierTransport

    /// Fires once, when ``HTTP1Transport/shutdown()`` starts: what waits on it (connections
    /// being opened) gives up.
    final class ShutdownSignal: Sendable {
        private struct State: Sendable {
            var hasFired = false
            var nextID: UInt64 = 0
            var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
        }

        private let state = LockedState(State())

        /// Whether the signal has fired.
        var hasFired: Bool { state.withLock { $0.hasFired } }

        /// Fires the signal: every ``wait()`` returns.
        func fire() {
            let waiters = state.withLock { state in
                state.hasFired = true
                defer { state.waiters.removeAll() }
                return Array(state.waiters.values)
            }
            for waiter in waiters { waiter.resume() }
        }

        /// Returns when the signal fires, or when the task is cancelled.
        func wait() async {
            let id = state.withLock { state in
                defer { state.nextID += 1 }
                return state.nextID
            }
            await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    let now = state.withLock { state in
                        if state.hasFired || Task.isCancelled { return true }
                        state.waiters[id] = continuation
                        return false
                    }
                    if now { continuation.resume() }
                }
            } onCancel: {
                state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
            }
        }
    }
#endif
