#if os(Linux)
    import Foundation
    import CourierTransport

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// What every hop does before its answer is consumed, whatever consumes it (memory, a download
    /// file, a stream): the request read once into bytes, a connection leased or opened, and the
    /// one retry of a request whose pooled connection the server had closed. Only how the body
    /// is received differs between ``exchange(_:kind:progress:loop:)`` and a stream.
    extension HTTP1Transport {
        /// Where a request body comes from.
        enum Body {
            case none
            case bytes(Data)
            case file(URL, length: Int64)

            var length: Int64 {
                switch self {
                case .none: 0
                case .bytes(let data): Int64(data.count)
                case .file(_, let length): length
                }
            }
        }

        /// One hop's request, ready for the wire.
        struct HopRequest: Sendable {
            let head: [UInt8]
            let body: Body
            let key: HTTP1ConnectionPool.Key
            let target: HTTPRequestSerializer.Target
            /// The method, upper-cased.
            let method: String
            /// The hop's URL, which its failures carry.
            let url: URL?
            /// The request's timeout: the longest silence, a new connection's lookup and connect
            /// included.
            let timeout: UInt64?

            var isHEAD: Bool { method == "HEAD" }
            /// Whether it may be sent twice (RFC 9110 §9.2.2).
            var isIdempotent: Bool {
                switch method {
                case "GET", "HEAD", "OPTIONS", "TRACE", "PUT", "DELETE": true
                default: false
                }
            }
        }

        /// A connection for one attempt, and when it was ready.
        struct Lease {
            let connection: HTTP1Connection
            /// Whether it came from the pool (and may turn out closed by the server).
            let reused: Bool
            var times: HopTimes
        }

        /// A pooled connection that the server had closed before this request reached it.
        struct RetryableFailure: Error {}

        /// `request` as one hop sends it; an upload file's length is read on ``BlockingQueue``.
        func hopRequest(
            _ request: URLRequest, kind: TransportRequest.Kind, acceptEncoding: String?, pins: Set<String>?
        ) async throws -> HopRequest {
            guard request.httpBodyStream == nil else { throw HTTPRequestError.unsupportedBodyStream }
            let target = try HTTPRequestSerializer.Target(url: request.url)
            // A pin cannot be checked without TLS: the request is not sent at all.
            if pins != nil, !target.isSecure { throw TransportError.pinnedHostUnverifiable(host: target.host) }
            var key = target.key
            key.requiredPins = pins
            let body = try await Self.body(of: request, kind: kind)
            let head = try HTTPRequestSerializer.head(
                for: request, target: target, bodyLength: body.length, userAgent: options.userAgent,
                acceptEncoding: acceptEncoding)
            return HopRequest(
                head: head, body: body, key: key, target: target,
                method: (request.httpMethod ?? "GET").uppercased(), url: request.url,
                timeout: MonotonicClock.nanoseconds(request.timeoutInterval))
        }

        /// A connection for `hop`: one from the pool, or a new one (always when `fresh`), connected
        /// within the request's timeout and ``Options/connectTimeout``.
        func leaseConnection(for hop: HopRequest, fresh: Bool, loop: EventLoop, relay: CancellationRelay) async throws
            -> Lease
        {
            switch try await pool.acquire(hop.key, fresh: fresh) {
            case .reuse(let pooled):
                return Lease(connection: pooled, reused: true, times: HopTimes(readyAt: MonotonicClock.now()))
            case .connect:
                do {
                    let opened = try await openConnection(
                        to: hop.target, key: hop.key, loop: loop, timeout: hop.timeout, relay: relay)
                    return Lease(
                        connection: opened.connection, reused: false,
                        times: HopTimes(readyAt: opened.connectedAt, connecting: opened.connecting))
                } catch {
                    pool.releaseSlot(hop.key)
                    throw error
                }
            }
        }

        /// Runs `attempt` until it does not fail for a stale pooled connection: once more on a new
        /// connection for an idempotent request (after `beforeRetry`), and again whatever the
        /// method when nothing was sent (``StaleConnection``).
        func retryingStaleConnections<Answer>(
            _ hop: HopRequest, beforeRetry: () async throws -> Void = {},
            _ attempt: (_ fresh: Bool) async throws -> Answer
        ) async throws -> Answer {
            var fresh = false
            while true {
                do {
                    return try await attempt(fresh)
                } catch is RetryableFailure where !fresh && hop.isIdempotent {
                    fresh = true
                    try await beforeRetry()
                } catch is StaleConnection {
                    continue
                }
            }
        }

        /// `error` as ``RetryableFailure`` when it says a `reused` connection had been closed
        /// before the request reached the server, and the task goes on.
        static func retryable(_ error: any Error, reused: Bool) -> any Error {
            guard reused, (error as? ConnectionFailure) == .closedBeforeResponse, !Task.isCancelled else {
                return error
            }
            return RetryableFailure()
        }

        /// The error a hop's caller sees for `error`: a cancellation as `CancellationError`,
        /// anything else as ``reported(_:url:)`` says.
        static func hopFailure(_ error: any Error, url: URL?) -> any Error {
            if Task.isCancelled || error is CancellationError { return CancellationError() }
            return reported(error is RetryableFailure ? ConnectionFailure.closedBeforeResponse : error, url: url)
        }
    }
#endif
