#if os(Linux)
    import CourierTargets
    import CourierTransport
    import Foundation

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// A <doc:/Courier/Transport> that speaks HTTP/1.1 itself, over non-blocking POSIX sockets and epoll
    /// threads of its own (``HTTP1EventLoopGroup``), for `http://` and `https://` URLs on Linux.
    ///
    /// FoundationNetworking's `URLSession` spends about half a millisecond of CPU per request on
    /// Linux; for services that call plain-HTTP APIs on loopback or inside a mesh, that is the
    /// bottleneck. This transport costs a small fraction of it and needs no package.
    ///
    /// What it does:
    ///
    /// - **HTTP/1.1** (RFC 9112): `Content-Length`, chunked and close-delimited bodies; no body for
    ///   `HEAD`, `1xx`, `204` and `304`; header size and count limits; anything malformed fails with
    ///   an ``HTTPParseError``, and a request that could inject a header or a line fails with an
    ///   ``HTTPRequestError`` before anything is sent.
    /// - **Keep-alive**: a pool per host and port, at most ``Options/maximumConnectionsPerHost``
    ///   connections, idle ones closed after ``Options/idleConnectionTimeout``. When a pooled
    ///   connection turns out to have been closed by the server, an idempotent request (`GET`,
    ///   `HEAD`, `OPTIONS`, `TRACE`, `PUT`, `DELETE`) is sent again once on a new connection;
    ///   others fail with `URLError(.networkConnectionLost)`.
    /// - **Connecting**: host names are resolved on a thread of Courier's (never the caller's), within
    ///   the request's timeout; a host's addresses are raced as Happy Eyeballs does (RFC 8305: IPv6
    ///   and IPv4 alternate, the next attempt starts 250 ms after the one before or as soon as it
    ///   fails), so a dead address costs a quarter of a second, not a timeout.
    /// - **Shutdown**: ``shutdown()`` ends calls in flight, closes pooled connections and stops the
    ///   event loops' threads when no other transport uses them.
    /// - **Timeouts and cancellation**: `URLRequest.timeoutInterval` is the longest silence (nothing
    ///   sent or received) before `URLError(.timedOut)`; cancelling the Swift task ends the call at
    ///   once with `CancellationError` and closes its connection.
    /// - **One hop**: a request is sent once and its answer returned, a `3xx` included. The
    ///   provider's chain follows redirects (by `RedirectPolicy`, within ``Options/maximumRedirects``
    ///   unless ``Options/followsRedirects`` is off) and keeps cookies in ``Options/cookieStorage``;
    ///   <doc:/Courier/RoutingTransport> picks the transport of each hop, so a redirect to a URL this
    ///   transport cannot send goes through `URLSession`.
    /// - **Bodies**: `httpBody`, <doc:/Courier/UploadSource/data(_:)>, <doc:/Courier/UploadSource/file(_:)> (streamed from
    ///   disk), and downloads written to a temporary file off the event loop; progress is reported.
    /// - **Timings**: every response carries <doc:/Courier/TransportResponse/timings>: waiting for a
    ///   connection, connecting (`nil` on a reused one), first byte and total, counted from the
    ///   request handed over.
    /// - **Cookies**: the provider's chain applies ``Options/cookieStorage`` (`nil` by default, so a
    ///   service's client never carries one user's session into another's call);
    ///   <doc:/Courier/RoutingTransport> shares its URLSession transport's storage.
    ///
    /// - **HTTPS**: TLS from the system's OpenSSL (`libssl.so.3` or `libssl.so.1.1`), loaded at run
    ///   time, so nothing but the Swift toolchain is needed to build. Secure defaults no option
    ///   weakens: TLS 1.2 at least, the system's trust store, the certificate checked against the
    ///   URL's host (SNI sent for names; IP addresses checked as addresses), no renegotiation,
    ///   ALPN `http/1.1`, and a response cut without `close_notify` is ``TLSError/truncatedResponse``.
    ///   On purpose, an app may add trust roots, a client certificate and public-key pins
    ///   (``TLSOptions``). Each failure is its own ``TLSError``. Sessions are resumed per host and
    ///   connections reused as for plain HTTP; the handshake runs on the event loop.
    /// - **Content decoding**: none inside; every body comes as the server sent it. A provider's
    ///   chain decodes `gzip` and `deflate` for this transport's calls, data and streams alike
    ///   (``Options/decodesContent``).
    ///
    /// What it does not do — use <doc:/Courier/RoutingTransport>, which sends those through `URLSession`:
    /// `httpBodyStream`, credentials in the URL, codings other than `gzip` and `deflate`, and
    /// `https://` without a loadable OpenSSL 1.1.1 or later (``TLSError/libraryUnavailable(_:)``). A URL that an HTTP proxy applies to (`http_proxy`, `all_proxy`, honouring
    /// `no_proxy`) fails with ``HTTPRequestError/proxyNotSupported(_:)`` rather than bypass the proxy.
    ///
    /// The type exists on Linux only; <doc:/Courier/RoutingTransport> exists everywhere.
    ///
    /// Progress closures of downloads run on the transport's I/O thread: keep them short.
    ///
    /// ```swift
    /// let provider = Provider<InventoryAPI>(transport: HTTP1Transport())
    /// ```
    public final class HTTP1Transport: Transport {
        /// The transport's limits and policies.
        public let options: Options
        /// Ignored: the transport does one hop, and the provider's chain sends each redirect through
        /// its transport (<doc:/Courier/RoutingTransport> picks one per hop). Always `nil`.
        @available(*, deprecated, message: "Ignored: redirects are followed by the provider; use RoutingTransport")
        public var fallback: (any Transport)? { nil }

        /// The event loops the transport's connections are read on.
        public let eventLoops: HTTP1EventLoopGroup

        let pool: HTTP1ConnectionPool
        let counters = ExchangeCounters()
        let resolver: any HostResolver
        let racer: AddressRacer
        let shutdownSignal = ShutdownSignal()
        /// The OpenSSL context of `https://` connections, made on the first.
        let tlsContexts: TLSContextCache
        /// Whether the transport still counts as a user of ``eventLoops``.
        private let usesLoops: LockedState<Bool>

        /// Creates a transport with a connection pool of its own.
        ///
        /// - Parameters:
        ///   - options: limits and policies; the defaults stated on ``Options`` by default.
        ///   - eventLoops: the loops its connections are read on; ``HTTP1EventLoopGroup/shared``
        ///     (one loop per core) by default.
        public convenience init(options: Options = Options(), eventLoops: HTTP1EventLoopGroup = .shared) {
            self.init(options: options, eventLoops: eventLoops, resolver: SystemHostResolver(), racer: nil)
        }

        /// Creates a transport; `fallback` is ignored (see ``fallback``).
        @available(
            *, deprecated, message: "fallback is ignored: redirects are followed by the provider; use RoutingTransport"
        )
        public convenience init(
            options: Options = Options(), fallback: (any Transport)?, eventLoops: HTTP1EventLoopGroup = .shared
        ) {
            self.init(options: options, eventLoops: eventLoops)
        }

        /// Creates a transport that finds addresses with `resolver` and races them with `racer`
        /// (by default one whose head start is on the clock of `eventLoops`, the clock every
        /// deadline of the transport is on: give the group a ``ManualClock`` to test them).
        init(
            options: Options, eventLoops: HTTP1EventLoopGroup, resolver: any HostResolver,
            racer: AddressRacer? = nil
        ) {
            self.options = options
            self.eventLoops = eventLoops
            self.resolver = resolver
            self.racer = racer ?? AddressRacer(clock: eventLoops.clock)
            tlsContexts = TLSContextCache(options: options.tls)
            pool = HTTP1ConnectionPool(
                maximumPerHost: options.maximumConnectionsPerHost,
                idleTimeout: MonotonicClock.nanoseconds(options.idleConnectionTimeout) ?? 0, clock: eventLoops.clock)
            usesLoops = LockedState(eventLoops.join())
        }

        deinit {
            pool.closeIdleConnections()
            _ = leaveEventLoops()
        }

        /// Thrown by calls to a transport that ``HTTP1Transport/shutdown()`` ended or that came after it.
        public struct ShutdownError: Error, Equatable {
            /// Creates the error.
            public init() {}
        }

        /// Shuts the transport down, for a server on its way out: calls in flight end with
        /// ``ShutdownError`` (a call whose task is cancelled meanwhile with `CancellationError`),
        /// as do callers waiting for a connection and every later call; pooled connections close;
        /// and when no other transport uses ``eventLoops``, their threads stop, and have ended
        /// when this returns. Calling it again does nothing more.
        public func shutdown() async {
            shutdownSignal.fire()
            pool.shutdown(because: ShutdownError())
            for loop in leaveEventLoops() { await loop.waitUntilStopped() }
        }

        /// Stops counting as a user of ``eventLoops``, once; the loops it stopped as the last user.
        private func leaveEventLoops() -> [EventLoop] {
            let wasUsing = usesLoops.withLock { uses in
                defer { uses = false }
                return uses
            }
            return wasUsing ? eventLoops.leave() : []
        }

        /// Whether this system can run the transport: epoll is available (a seccomp profile or an
        /// old kernel can refuse it).
        public static var isAvailable: Bool { EventLoop.isSupported }

        /// Whether this transport can send `request` itself: it is available, the URL is `http://`,
        /// or `https://` when OpenSSL 1.1.1 or later can be loaded, with an ASCII host and no user or
        /// password, the body is not an `httpBodyStream`, and the
        /// request asks for no content coding other than `gzip` and `deflate`, and for those only
        /// when zlib can be loaded for the chain to decode them (see ``Options/decodesContent``).
        package static func canSend(_ request: TransportRequest) -> Bool {
            guard canConnect(request) else { return false }
            switch requestedCoding(of: request.urlRequest) {
            case .none: return true
            case .decodable: return ContentDecoder.isAvailable
            case .other: return false
            }
        }

        /// Whether this transport can make the connection `request` needs and send it, whatever
        /// content coding it asks for (a body in a coding the chain does not decode comes up as it
        /// was sent): it is available, the URL is `http://`, or `https://` when OpenSSL 1.1.1 or later
        /// can be loaded, with an ASCII host and no user or password, and the body is not an
        /// `httpBodyStream`.
        package static func canConnect(_ request: TransportRequest) -> Bool {
            guard isAvailable else { return false }
            let urlRequest = request.urlRequest
            guard urlRequest.httpBodyStream == nil, let url = urlRequest.url, url.user == nil, url.password == nil,
                let isSecure = HTTPRequestSerializer.Target.security(of: url)
            else { return false }
            if isSecure, case .failure = OpenSSLLibrary.system { return false }
            return true
        }

        /// What a request's `Accept-Encoding` asks for.
        package enum RequestedCoding {
            /// Nothing, or only `identity`.
            case none
            /// `gzip` or `deflate` (with `identity`), which the chain decodes for this transport.
            case decodable
            /// Another coding, or any (`*`): only URLSession decodes those.
            case other
        }

        package static func requestedCoding(of request: URLRequest) -> RequestedCoding {
            var requested = RequestedCoding.none
            for (name, value) in request.allHTTPHeaderFields ?? [:] where name.caseInsensitiveEquals("Accept-Encoding")
            {
                HTTPResponseHead.forEachElement(in: value) { element in
                    let coding = (element.split(separator: ";").first ?? "").trimmingCharacters(in: .whitespaces)
                    if coding.isEmpty || coding.caseInsensitiveEquals("identity") { return }
                    if ContentDecoder.Coding.named(coding) == nil {
                        requested = .other
                    } else if requested == .none {
                        requested = .decodable
                    }
                }
            }
            return requested
        }

        /// Sends `request` once and returns its answer, a `3xx` included; throws `CancellationError`
        /// when the Swift task is cancelled, and ``ShutdownError`` once ``shutdown()`` has begun.
        public func send(_ request: TransportRequest) async throws -> TransportResponse {
            if shutdownSignal.hasFired { throw ShutdownError() }
            guard let loop = eventLoops.next() else {
                throw shutdownSignal.hasFired ? ShutdownError() : URLError(.unsupportedURL)
            }
            return try await sendHop(request, loop: loop)
        }
    }

    extension HTTP1Transport: EndableTransport {}
#endif
