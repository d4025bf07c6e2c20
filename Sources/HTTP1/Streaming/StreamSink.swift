#if os(Linux)
    import CourierTransport
    import Foundation

    /// A streamed response's way from a connection to its consumer: the head handed to the task
    /// that waits for it, and each piece of body to the ``StreamedBody`` as it came, whose full
    /// buffer stops the connection's reading until the consumer has taken half of it.
    ///
    /// A failure before the head leaves the body alone: the hop may be sent again on another
    /// connection (a stale pooled one), and the caller ends the body if not.
    final class StreamSink: BodySink {
        private struct State: Sendable {
            var waiter: CheckedContinuation<Hop, any Error>?
            var hop: Hop?
            var failure: (any Error)?
            var ended = false
            var closing = false
        }

        /// The head of the hop, whose body the consumer reads.
        struct Hop: Sendable {
            let head: HTTPResponseHead
        }

        let body: StreamedBody
        private let state = LockedState(State())

        init(body: StreamedBody) {
            self.body = body
        }

        func headArrived(_ head: HTTPResponseHead) {
            let hop = Hop(head: head)
            state.withLock { state in
                state.hop = hop
                defer { state.waiter = nil }
                return state.waiter
            }?.resume(returning: hop)
        }

        /// Hands body bytes on as they came; `true` when the body's buffer is full.
        func enqueue(_ bytes: Data) -> Bool {
            !body.yield(bytes) && !body.isCancelled
        }

        func whenDrained(_ action: @escaping @Sendable () -> Void) {
            body.onResume(action)
        }

        func whenFailed(_ action: @escaping @Sendable (Int32) -> Void) {}

        /// Until the head, the request's timeout bounds the hop as it bounds a data call; after,
        /// the body's own idle limit applies.
        var timeoutEndsWithHead: Bool { true }

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

        /// The exchange ended: with `error`, a task still waiting for the head fails with it, and
        /// a body begun fails with `reported` (the error as callers see it); otherwise the body
        /// ends. An end before the head leaves the body to the caller.
        func exchangeEnded(throwing error: (any Error)?, reported: (any Error)?) {
            let (waiter, begun) = state.withLock { state -> (CheckedContinuation<Hop, any Error>?, Bool) in
                if state.failure == nil { state.failure = error ?? ConnectionFailure.closedBeforeResponse }
                defer { state.waiter = nil }
                return (state.waiter, state.hop != nil)
            }
            waiter?.resume(throwing: error ?? ConnectionFailure.closedBeforeResponse)
            guard begun else { return }
            if let reported {
                body.finish(throwing: reported)
            } else {
                body.finish()
            }
        }
    }
#endif
