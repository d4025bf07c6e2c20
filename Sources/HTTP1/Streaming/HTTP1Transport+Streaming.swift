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
    /// body's length, and whatever its compression: a `gzip` or `deflate` body is decoded as a data
    /// call's is (the same `Accept-Encoding`, the same decoder), paced by that buffer.
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
        /// are the provider's chain's).
        ///
        /// As for a data call: an idempotent request whose pooled connection the server had closed
        /// is sent once more on a new one (before any byte of the answer, the body untouched);
        /// the request's timeout is the longest silence until the head, a new connection's
        /// connect bounded by it and ``Options/connectTimeout``, whichever is shorter; every
        /// failure carries the hop's URL, and ends the body.
        private func streamHop(_ request: TransportRequest, into body: StreamedBody, loop: EventLoop) async throws
            -> StreamSink.Hop
        {
            let urlRequest = request.urlRequest
            do {
                guard urlRequest.httpBodyStream == nil else { throw HTTPRequestError.unsupportedBodyStream }
                let target = try HTTPRequestSerializer.Target(url: urlRequest.url)
                let requestBody = try await Self.body(of: urlRequest, kind: request.kind)
                let decodes = decodesContent
                let head = try HTTPRequestSerializer.head(
                    for: urlRequest, target: target, bodyLength: requestBody.length, userAgent: options.userAgent,
                    acceptEncoding: decodes ? ContentDecoder.acceptedCodings : nil)
                let method = (urlRequest.httpMethod ?? "GET").uppercased()
                let exchange = StreamExchange(
                    head: head, body: requestBody, key: target.key, target: target, isHEAD: method == "HEAD",
                    url: urlRequest.url, timeout: MonotonicClock.nanoseconds(urlRequest.timeoutInterval))
                var fresh = false
                while true {
                    let sink = StreamSink(body: body, decodes: decodes)
                    do {
                        return try await streamAttempt(exchange, sink: sink, fresh: fresh, loop: loop).0
                    } catch is RetryableFailure where !fresh && Self.idempotentMethods.contains(method) {
                        fresh = true
                    } catch is StaleConnection {
                        // Nothing was sent: another connection, whatever the method.
                    }
                }
            } catch {
                let failure: any Error
                if Task.isCancelled || error is CancellationError {
                    failure = CancellationError()
                } else {
                    failure = Self.reported(
                        error is RetryableFailure ? ConnectionFailure.closedBeforeResponse : error,
                        url: urlRequest.url)
                }
                body.finish(throwing: failure)
                throw failure
            }
        }

        /// What one hop sends, and where.
        private struct StreamExchange {
            let head: [UInt8]
            let body: Body
            let key: HTTP1ConnectionPool.Key
            let target: HTTPRequestSerializer.Target
            let isHEAD: Bool
            /// The hop's URL, which its failures carry.
            let url: URL?
            /// The request's timeout: the longest silence until the head (a new connection's
            /// lookup and connect included, as for a data call).
            let timeout: UInt64?
        }

        /// One exchange whose body streams: the connection leased (a new one when `fresh`), the
        /// request written, the head awaited; a task of its own waits for the end of the body,
        /// then gives the connection back. Throws ``RetryableFailure`` when a pooled connection
        /// turned out closed before any byte of the answer.
        private func streamAttempt(
            _ exchange: StreamExchange, sink: StreamSink, fresh: Bool, loop: EventLoop
        ) async throws -> (StreamSink.Hop, @Sendable () -> Void) {
            let relay = CancellationRelay()
            let body = sink.body
            let expectation = ResponseExpectation(
                isResponseToHEAD: exchange.isHEAD,
                limits: HTTPResponseParser.Limits(
                    maximumHeaderBytes: options.maximumHeaderBytes, maximumHeaderCount: options.maximumHeaderCount),
                file: sink, maximumSize: nil, progress: nil, timeout: exchange.timeout)
            let (pool, counters, url) = (self.pool, self.counters, exchange.url)
            let (connection, reused) = try await withTaskCancellationHandler {
                let (leased, reused) = try await leaseConnection(exchange, fresh: fresh, loop: loop, relay: relay)
                relay.attach(leased)
                do {
                    try Task.checkCancellation()
                    try leased.expect(expectation)
                    try await Self.write(
                        head: exchange.head, body: exchange.body, to: leased, checksQuiet: reused, progress: nil)
                    return (leased, reused)
                } catch {
                    pool.release(leased, reusable: false)
                    throw Self.retryable(error, reused: reused)
                }
            } onCancel: {
                relay.cancel()
            }
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
            sink.closesOnDecodingFailure(close)
            do {
                let hop = try await withTaskCancellationHandler {
                    try await sink.head()
                } onCancel: {
                    body.cancel()
                }
                return (hop, close)
            } catch {
                throw Self.retryable(error, reused: reused)
            }
        }

        /// `error` as ``RetryableFailure`` when it says a `reused` connection had been closed
        /// before the request reached the server, and the task goes on.
        private static func retryable(_ error: any Error, reused: Bool) -> any Error {
            guard reused, (error as? ConnectionFailure) == .closedBeforeResponse, !Task.isCancelled else {
                return error
            }
            return RetryableFailure()
        }

        /// A connection for `exchange`: one from the pool (`reused`), or a new one (always when
        /// `fresh`), connected within the request's timeout and ``Options/connectTimeout``.
        private func leaseConnection(
            _ exchange: StreamExchange, fresh: Bool, loop: EventLoop, relay: CancellationRelay
        ) async throws -> (HTTP1Connection, reused: Bool) {
            switch try await pool.acquire(exchange.key, fresh: fresh) {
            case .reuse(let pooled):
                return (pooled, true)
            case .connect:
                do {
                    let opened = try await openConnection(
                        to: exchange.target, key: exchange.key, loop: loop, timeout: exchange.timeout,
                        relay: relay)
                    return (opened.connection, false)
                } catch {
                    pool.releaseSlot(exchange.key)
                    throw error
                }
            }
        }
    }

#endif
