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
    /// body's length.
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

        /// One hop of a stream: `request` sent, its head awaited.
        private func streamHop(_ request: TransportRequest, into body: StreamedBody, loop: EventLoop) async throws
            -> StreamSink.Hop
        {
            let urlRequest = request.urlRequest
            do {
                guard urlRequest.httpBodyStream == nil else { throw HTTPRequestError.unsupportedBodyStream }
                let target = try HTTPRequestSerializer.Target(url: urlRequest.url)
                let requestBody = try Self.body(of: urlRequest, kind: request.kind)
                let head = try HTTPRequestSerializer.head(
                    for: urlRequest, target: target, bodyLength: requestBody.length, userAgent: options.userAgent)
                let method = (urlRequest.httpMethod ?? "GET").uppercased()
                let key = target.key
                // Every head is the answer: redirects are the provider's chain's.
                let sink = StreamSink(body: body) { _ in .answer }
                return try await streamAttempt(
                    head: head, body: requestBody, key: key, target: target, isHEAD: method == "HEAD", sink: sink,
                    loop: loop
                ).0
            } catch {
                if Task.isCancelled || error is CancellationError { throw CancellationError() }
                throw Self.reported(error, url: urlRequest.url)
            }
        }

        /// One exchange whose body streams: the connection leased (a new one when `fresh`), the
        /// request written, the head awaited; a task of its own waits for the end of the body,
        /// then gives the connection back.
        private func streamAttempt(
            head: [UInt8], body requestBody: Body, key: HTTP1ConnectionPool.Key,
            target: HTTPRequestSerializer.Target, isHEAD: Bool, sink: StreamSink, loop: EventLoop
        ) async throws -> (StreamSink.Hop, @Sendable () -> Void) {
            let relay = CancellationRelay()
            let body = sink.body
            let expectation = ResponseExpectation(
                isResponseToHEAD: isHEAD,
                limits: HTTPResponseParser.Limits(
                    maximumHeaderBytes: options.maximumHeaderBytes, maximumHeaderCount: options.maximumHeaderCount),
                file: sink, maximumSize: nil, progress: nil, timeout: nil)
            let (pool, counters) = (self.pool, self.counters)
            let connection = try await withTaskCancellationHandler {
                let leased = try await leaseConnection(key: key, target: target, loop: loop, relay: relay)
                relay.attach(leased)
                do {
                    try Task.checkCancellation()
                    try leased.expect(expectation)
                    try await Self.write(head: head, body: requestBody, to: leased, progress: nil)
                    return leased
                } catch {
                    pool.release(leased, reusable: false)
                    throw error
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
                    sink.exchangeEnded(throwing: nil)
                } catch {
                    _ = sink.markEnded()
                    pool.release(connection, reusable: false)
                    sink.exchangeEnded(throwing: Self.reported(error, url: nil))
                }
                counters.leave()
            }
            let close: @Sendable () -> Void = {
                if sink.claimsConnectionToClose() { connection.close(because: CancellationError()) }
            }
            body.onCancel(close)
            let hop = try await withTaskCancellationHandler {
                try await sink.head()
            } onCancel: {
                body.cancel()
            }
            return (hop, close)
        }

        /// A connection to `key`: one from the pool, or a new one.
        private func leaseConnection(
            key: HTTP1ConnectionPool.Key, target: HTTPRequestSerializer.Target, loop: EventLoop,
            relay: CancellationRelay
        ) async throws -> HTTP1Connection {
            switch try await pool.acquire(key, fresh: false) {
            case .reuse(let pooled):
                return pooled
            case .connect:
                do {
                    let timeout = MonotonicClock.nanoseconds(options.connectTimeout)
                    return try await openConnection(to: target, key: key, loop: loop, timeout: timeout, relay: relay)
                        .connection
                } catch {
                    pool.releaseSlot(key)
                    throw error
                }
            }
        }
    }

#endif
