#if os(Linux)
    import CourierTransport
    import Foundation

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// ``HTTP1Transport`` streams a body through the connection's own back-pressure: each piece the
    /// event loop reads goes to the consumer's `StreamedBody`, and when that buffer is full the
    /// connection stops reading the socket (the kernel's buffers fill, and TCP slows the server)
    /// until the consumer has taken half of it. Memory stays the buffer plus one read, whatever the
    /// body's length. The body comes as the server sent it: the provider's chain decodes a `gzip`
    /// or `deflate` one as its consumer reads it.
    ///
    /// The connection goes back to the pool when the body ended cleanly, and is closed when the
    /// consumer stops early. One hop, as a data call: a `3xx` is the answer (the provider's chain
    /// follows it, and drops its body). The transport's response-size limit and the request's idle
    /// timeout do not apply (the stream's own limits do).
    extension HTTP1Transport: StreamingTransport {
        /// Sends `request` and returns the head of its response as soon as it arrives; the body
        /// goes to `body`.
        public func stream(_ request: TransportRequest, into body: StreamedBody) async throws -> TransportResponse {
            if shutdownSignal.hasFired { throw ShutdownError() }
            guard let loop = eventLoops.next() else {
                throw shutdownSignal.hasFired ? ShutdownError() : URLError(.unsupportedURL)
            }
            let start = MonotonicClock.now()
            try Self.refuseProxied(request.urlRequest.url)
            let hop = try await streamHop(request, into: body, loop: loop)
            guard let url = request.urlRequest.url,
                var answer = TransportResponse(
                    url: url, statusCode: hop.head.status, httpVersion: "HTTP/1.\(hop.head.minorVersion)",
                    headerFields: hop.head.headers)
            else { throw TransportError.notHTTP }
            answer.timings = CallTimings(firstByte: .nanoseconds(Int64(MonotonicClock.now() - start)))
            return answer
        }

        /// One hop of a stream: `request` sent, its head awaited; every head is the answer (redirects
        /// are the provider's chain's). The request is made, leased and retried as a data call's
        /// (``hopRequest(_:kind:acceptEncoding:pins:)``, ``leaseConnection(for:fresh:loop:relay:)``,
        /// ``retryingStaleConnections(_:beforeRetry:_:)``); every failure carries the hop's URL,
        /// and ends the body.
        private func streamHop(_ request: TransportRequest, into body: StreamedBody, loop: EventLoop) async throws
            -> StreamSink.Hop
        {
            do {
                let hop = try await hopRequest(
                    request.urlRequest, kind: request.kind, acceptEncoding: request.acceptEncoding,
                    pins: request.pinnedPublicKeys)
                return try await retryingStaleConnections(hop) { fresh in
                    try await streamAttempt(
                        hop, sink: StreamSink(body: body), fresh: fresh, loop: loop)
                }
            } catch {
                let failure = Self.hopFailure(error, url: request.urlRequest.url)
                body.finish(throwing: failure)
                throw failure
            }
        }

        /// One attempt whose body streams: the connection leased (a new one when `fresh`), the
        /// request written, the head awaited; a task of its own waits for the end of the body,
        /// then gives the connection back. Throws ``RetryableFailure`` when a pooled connection
        /// turned out closed before any byte of the answer.
        private func streamAttempt(
            _ hop: HopRequest, sink: StreamSink, fresh: Bool, loop: EventLoop
        ) async throws -> StreamSink.Hop {
            let relay = CancellationRelay()
            let body = sink.body
            let expectation = ResponseExpectation(
                isResponseToHEAD: hop.isHEAD,
                limits: HTTPResponseParser.Limits(
                    maximumHeaderBytes: options.maximumHeaderBytes, maximumHeaderCount: options.maximumHeaderCount),
                file: sink, maximumSize: nil, progress: nil, timeout: hop.timeout)
            let (pool, counters, url) = (self.pool, self.counters, hop.url)
            let lease = try await withTaskCancellationHandler {
                let lease = try await leaseConnection(for: hop, fresh: fresh, loop: loop, relay: relay)
                relay.attach(lease.connection)
                do {
                    try Task.checkCancellation()
                    try lease.connection.expect(expectation)
                    try await Self.write(
                        head: hop.head, body: hop.body, to: lease.connection, checksQuiet: lease.reused,
                        progress: nil)
                    return lease
                } catch {
                    pool.release(lease.connection, reusable: false)
                    throw Self.retryable(error, reused: lease.reused)
                }
            } onCancel: {
                relay.cancel()
            }
            let connection = lease.connection
            counters.enter()
            Task {
                do {
                    let received = try await connection.response()
                    let reusable = sink.markEnded()
                    pool.release(connection, reusable: received.reusable && reusable)
                    sink.exchangeEnded(throwing: nil, reported: nil)
                } catch {
                    _ = sink.markEnded()
                    pool.release(connection, reusable: false)
                    sink.exchangeEnded(throwing: error, reported: Self.reported(error, url: url))
                }
                counters.leave()
            }
            let close: @Sendable () -> Void = {
                if sink.claimsConnectionToClose() { connection.close(because: CancellationError()) }
            }
            body.onCancel(close)
            do {
                return try await withTaskCancellationHandler {
                    try await sink.head()
                } onCancel: {
                    body.cancel()
                }
            } catch {
                throw Self.retryable(error, reused: lease.reused)
            }
        }
    }

#endif
