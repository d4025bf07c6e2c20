#if os(Linux)
    import Courier
    import Foundation

    /// A streamed response's way from a connection to its consumer: the head handed to the task
    /// that waits for it, and each piece of body to the ``StreamedBody``, whose full buffer stops
    /// the connection's reading until the consumer has taken half of it.
    final class StreamSink: BodySink {
        private struct State: Sendable {
            var waiter: CheckedContinuation<HTTPResponseHead, any Error>?
            var head: HTTPResponseHead?
            var failure: (any Error)?
            var ended = false
        }

        let body: StreamedBody
        private let state = LockedState(State())

        init(body: StreamedBody) {
            self.body = body
        }

        func headArrived(_ head: HTTPResponseHead) {
            state.withLock { state in
                state.head = head
                defer { state.waiter = nil }
                return state.waiter
            }?.resume(returning: head)
        }

        func enqueue(_ bytes: Data) -> Bool {
            !body.yield(bytes) && !body.isCancelled
        }

        func whenDrained(_ action: @escaping @Sendable () -> Void) {
            body.onResume(action)
        }

        func whenFailed(_ action: @escaping @Sendable (Int32) -> Void) {}

        /// The response head, once it arrived; throws the exchange's failure if it ended first.
        func head() async throws -> HTTPResponseHead {
            try await withCheckedThrowingContinuation { continuation in
                let ready = state.withLock { state -> Result<HTTPResponseHead, any Error>? in
                    if let head = state.head { return .success(head) }
                    if let failure = state.failure { return .failure(failure) }
                    state.waiter = continuation
                    return nil
                }
                if let ready { continuation.resume(with: ready) }
            }
        }

        /// Whether the exchange has ended (``markEnded()``): the connection is no longer the stream's.
        var hasEnded: Bool { state.withLock { $0.ended } }

        /// The exchange is over; called before the connection goes back to the pool, so that a
        /// consumer stopping from now on does not close a connection another call may be using.
        func markEnded() {
            state.withLock { $0.ended = true }
        }

        /// The exchange ended: with `error`, a task still waiting for the head fails and the body
        /// fails; otherwise the body ends.
        func exchangeEnded(throwing error: (any Error)?) {
            let waiter = state.withLock { state in
                if state.failure == nil { state.failure = error ?? ConnectionFailure.closedBeforeResponse }
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(throwing: error ?? ConnectionFailure.closedBeforeResponse)
            body.finish(throwing: error)
        }
    }
#endif
