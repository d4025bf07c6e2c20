#if os(Linux)
    import CourierTransport
    import Foundation

    /// A streamed response's way from a connection to its consumer: the head handed to the task
    /// that waits for it, and each piece of body to the ``StreamedBody``, whose full buffer stops
    /// the connection's reading until the consumer has taken half of it.
    ///
    /// The head is judged as it arrives (`decide`, by `RedirectPolicy`): when it is a redirect
    /// the stream goes on from, this hop's body is not the stream's. None of it reaches the
    /// ``StreamedBody``, reading stops, and the body's end or failure is this hop's alone.
    final class StreamSink: BodySink {
        private struct State: Sendable {
            var waiter: CheckedContinuation<Hop, any Error>?
            var hop: Hop?
            var failure: (any Error)?
            var ended = false
            var closing = false
        }

        /// The head of one hop, and what follows it.
        struct Hop: Sendable {
            let head: HTTPResponseHead
            let decision: RedirectPolicy.Decision

            /// Whether the head is the stream's response, whose body the consumer reads.
            var isAnswer: Bool {
                if case .answer = decision { return true }
                return false
            }
        }

        let body: StreamedBody
        private let decide: @Sendable (HTTPResponseHead) -> RedirectPolicy.Decision
        private let state = LockedState(State())

        init(body: StreamedBody, decide: @escaping @Sendable (HTTPResponseHead) -> RedirectPolicy.Decision) {
            self.body = body
            self.decide = decide
        }

        func headArrived(_ head: HTTPResponseHead) {
            let hop = Hop(head: head, decision: decide(head))
            state.withLock { state in
                state.hop = hop
                defer { state.waiter = nil }
                return state.waiter
            }?.resume(returning: hop)
        }

        func enqueue(_ bytes: Data) -> Bool {
            // A redirect's body: dropped, and the socket not read further (the hop is closed).
            if isRedirect { return true }
            return !body.yield(bytes) && !body.isCancelled
        }

        /// Whether the head arrived and is a redirect this stream follows (or refuses past the limit).
        private var isRedirect: Bool { state.withLock { $0.hop.map { !$0.isAnswer } ?? false } }

        func whenDrained(_ action: @escaping @Sendable () -> Void) {
            body.onResume(action)
        }

        func whenFailed(_ action: @escaping @Sendable (Int32) -> Void) {}

        /// The response head and what follows it, once it arrived; throws the exchange's failure
        /// if it ended first.
        func head() async throws -> Hop {
            try await withCheckedThrowingContinuation { continuation in
                let ready = state.withLock { state -> Result<Hop, any Error>? in
                    if let hop = state.hop { return .success(hop) }
                    if let failure = state.failure { return .failure(failure) }
                    state.waiter = continuation
                    return nil
                }
                if let ready { continuation.resume(with: ready) }
            }
        }

        /// Whether the connection is still this stream's to close, claiming it: `true` once, until
        /// the exchange ended (``markEnded()``), after which the connection may be another call's.
        func claimsConnectionToClose() -> Bool {
            state.withLock { state in
                guard !state.ended, !state.closing else { return false }
                state.closing = true
                return true
            }
        }

        /// The exchange is over; called before the connection goes back to the pool. Returns
        /// whether the connection may be reused: not when it is being closed
        /// (``claimsConnectionToClose()``).
        func markEnded() -> Bool {
            state.withLock { state in
                state.ended = true
                return !state.closing
            }
        }

        /// The exchange ended: with `error`, a task still waiting for the head fails and the body
        /// fails; otherwise the body ends. A redirect's end leaves the body to the next hop.
        func exchangeEnded(throwing error: (any Error)?) {
            let (waiter, isRedirect) = state.withLock { state in
                if state.failure == nil { state.failure = error ?? ConnectionFailure.closedBeforeResponse }
                defer { state.waiter = nil }
                return (state.waiter, state.hop.map { !$0.isAnswer } ?? false)
            }
            waiter?.resume(throwing: error ?? ConnectionFailure.closedBeforeResponse)
            if !isRedirect { body.finish(throwing: error) }
        }
    }
#endif
