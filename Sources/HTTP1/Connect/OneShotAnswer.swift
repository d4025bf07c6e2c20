#if os(Linux)
    import CourierTransport

    /// A result that may come before or after the continuation that waits for it, and more than
    /// once (the lookup's answer, a cancellation): the first one wins, the others are dropped.
    final class OneShotAnswer<Value: Sendable>: Sendable {
        private struct State: Sendable {
            var continuation: CheckedContinuation<Value, any Error>?
            var early: Result<Value, any Error>?
            var isDone = false
        }

        private let state = LockedState(State())

        /// Hands `continuation` the result, now if there is one already, or when it comes.
        func deliver(to continuation: CheckedContinuation<Value, any Error>) {
            let early = state.withLock { state -> Result<Value, any Error>? in
                guard let early = state.early else {
                    state.continuation = continuation
                    return nil
                }
                state.early = nil
                return early
            }
            if let early { continuation.resume(with: early) }
        }

        /// Settles the answer with `result`, unless it is settled already.
        func resume(with result: Result<Value, any Error>) {
            let continuation = state.withLock { state -> CheckedContinuation<Value, any Error>? in
                guard !state.isDone else { return nil }
                state.isDone = true
                guard let continuation = state.continuation else {
                    state.early = result
                    return nil
                }
                state.continuation = nil
                return continuation
            }
            continuation?.resume(with: result)
        }
    }
#endif
