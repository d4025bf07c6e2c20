#if os(Linux)
    import CourierTransport
    import Foundation

    /// A streamed response's way from a connection to its consumer: the head handed to the task
    /// that waits for it, and each piece of body to the ``StreamedBody``, whose full buffer stops
    /// the connection's reading until the consumer has taken half of it.
    ///
    /// A body in a coding the request asked for is decoded here, by the rule data calls follow
    /// (``ContentDecoder/forBody(of:requested:)``), paced by the consumer's buffer
    /// (``PacedStreamDecoder``); the head then says nothing of the coding.
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
            var decoder: PacedStreamDecoder?
            /// The exchange ended cleanly while decoded bytes still waited for room in the body.
            var endsAfterPending = false
            /// Calls on the connection's reading, stopped while the body is full.
            var resumeReading: (@Sendable () -> Void)?
            /// Closes the connection when what waited fails to decode, off the connection's thread.
            var closeConnection: (@Sendable () -> Void)?
        }

        /// The head of the hop, whose body the consumer reads.
        struct Hop: Sendable {
            let head: HTTPResponseHead
        }

        let body: StreamedBody
        /// Whether the request asked for the codings the transport decodes.
        private let decodes: Bool
        private let state = LockedState(State())

        init(body: StreamedBody, decodes: Bool) {
            self.body = body
            self.decodes = decodes
        }

        func headArrived(_ head: HTTPResponseHead) {
            let decoder = ContentDecoder.forBody(of: head, requested: decodes).map(PacedStreamDecoder.init)
            let hop = Hop(head: decoder == nil ? head : ContentDecoder.decodedHead(head))
            state.withLock { state in
                state.hop = hop
                state.decoder = decoder
                defer { state.waiter = nil }
                return state.waiter
            }?.resume(returning: hop)
        }

        /// Hands body bytes on (decoded, when they are); throws when they do not decode, which
        /// ends the stream with that error and closes the connection.
        func enqueue(_ bytes: Data) throws -> Bool {
            try state.withLock { state in
                guard let decoder = state.decoder else { return !body.yield(bytes) && !body.isCancelled }
                do {
                    return try decoder.decode(bytes, into: body)
                } catch {
                    state.failure = error
                    body.finish(throwing: error)
                    throw error
                }
            }
        }

        func whenDrained(_ action: @escaping @Sendable () -> Void) {
            state.withLock { $0.resumeReading = action }
            body.onResume { [weak self] in self?.consumerMadeRoom() }
        }

        /// Runs `close` when bytes that waited for room fail to decode: the stream ends with that
        /// error, and its connection must not wait for a reader that will not come.
        func closesOnDecodingFailure(_ close: @escaping @Sendable () -> Void) {
            state.withLock { $0.closeConnection = close }
        }

        /// The consumer took half the buffer: what waits is decoded into it, and the connection
        /// reads again once nothing waits (or the body ends, when the exchange already has).
        private func consumerMadeRoom() {
            let (next, ending) = state.withLock { state -> ((@Sendable () -> Void)?, Result<Void, any Error>?) in
                guard let decoder = state.decoder, decoder.hasPending else { return (state.resumeReading, nil) }
                do {
                    if try decoder.drain(into: body) { return (nil, nil) }
                    guard state.endsAfterPending else { return (state.resumeReading, nil) }
                    try decoder.finish()
                    return (nil, .success(()))
                } catch {
                    state.failure = error
                    return (state.endsAfterPending ? nil : state.closeConnection, .failure(error))
                }
            }
            switch ending {
            case .success?: body.finish()
            case .failure(let error)?: body.finish(throwing: error)
            case nil: break
            }
            next?()
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
        /// ends once what waits is decoded. An end before the head leaves the body to the caller.
        func exchangeEnded(throwing error: (any Error)?, reported: (any Error)?) {
            let (waiter, ending) = state.withLock {
                state -> (CheckedContinuation<Hop, any Error>?, Result<Void, any Error>?) in
                let decodeFailure = state.failure
                if state.failure == nil { state.failure = error ?? ConnectionFailure.closedBeforeResponse }
                defer { state.waiter = nil }
                guard state.hop != nil else { return (state.waiter, nil) }
                if let decodeFailure { return (state.waiter, .failure(decodeFailure)) }
                if let reported { return (state.waiter, .failure(reported)) }
                guard let decoder = state.decoder else { return (state.waiter, .success(())) }
                if decoder.hasPending && !body.isCancelled {
                    state.endsAfterPending = true
                    return (state.waiter, nil)
                }
                do {
                    try decoder.finish()
                    return (state.waiter, .success(()))
                } catch {
                    return (state.waiter, .failure(error))
                }
            }
            waiter?.resume(throwing: error ?? ConnectionFailure.closedBeforeResponse)
            switch ending {
            case .success?: body.finish()
            case .failure(let failure)?: body.finish(throwing: failure)
            case nil: break
            }
        }
    }
#endif
