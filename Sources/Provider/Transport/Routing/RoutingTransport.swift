import Foundation

#if os(Linux)
    import CourierHTTP1
#endif

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A ``Transport`` that sends each request through `HTTP1Transport` when it can, and through
/// ``URLSessionTransport`` otherwise.
///
/// The native transport is used when **all** of these hold (see ``route(for:)``):
///
/// - the system is Linux (`HTTP1Transport/isAvailable`);
/// - the URL is `http://`, or `https://` when the system's OpenSSL (1.1.1 or later) can be
///   loaded, with an ASCII host, and no user or password in it;
/// - the body is not an `httpBodyStream`;
/// - the request asks for no content coding but `gzip` and `deflate`, which the provider's
///   chain decodes for the native route (when zlib is there and its `decodesContent` option is on);
/// - no proxy is configured for the URL's scheme (`http_proxy`, lowercase as curl reads it;
///   `https_proxy` or `HTTPS_PROXY`; `all_proxy`), or the host is listed in `no_proxy` /
///   `NO_PROXY` (see `ProxySettings`).
///
/// Everything else goes to `URLSession`: other schemes, proxies, body streams, other content
/// codings (`br`), and `https://` where OpenSSL is missing or older than 1.1.1 (a static binary
/// that cannot load it, Amazon Linux 2's 1.0.2). The native transport's TLS options
/// (`nativeOptions.tls`: extra roots, a client certificate, pins) apply to the calls it sends;
/// FoundationNetworking on Linux offers none of them.
///
/// Both routes share one cookie storage, the URLSession transport's session's
/// (`httpCookieStorage`): a session cookie set by an answer on one route is sent on the other
/// (`sharesCookies: false` leaves the native route without cookies of its own, sending only the
/// `Cookie` header a request carries).
///
/// Each transport does one hop; the provider's chain follows redirects and asks this transport
/// again for each hop, so a redirect is routed by these rules as a first request is (a redirect to
/// a proxied URL goes through `URLSession`). The chain follows the native transport's
/// `followsRedirects` and `maximumRedirects` on Linux, the URLSession transport's elsewhere.
///
/// A hop goes through one transport only: once the native transport has sent it, its answer
/// is the answer, whatever it holds. A body in a content coding the chain does not decode (a
/// server that answers `br` unasked) is returned as it came, with its `Content-Encoding`
/// header, as curl returns it without `--compressed`; it is never sent again through `URLSession`
/// (the server would see it twice, and FoundationNetworking would meet whatever made the first
/// answer unusual).
///
/// ```swift
/// let provider = Provider<InventoryAPI>(transport: RoutingTransport())
/// ```
public final class RoutingTransport: Transport {
    /// Which transport a request goes through.
    public enum Route: Sendable, Equatable {
        /// The native transport (`HTTP1Transport`, Linux only).
        case native
        /// ``URLSessionTransport``.
        case urlSession
    }

    /// The transport for everything the native one does not send (everything, off Linux).
    public let urlSession: URLSessionTransport

    #if os(Linux)
        /// The transport for plain HTTP.
        public let native: HTTP1Transport
        private let proxy: ProxySettings

        /// Creates a routing transport.
        ///
        /// - Parameters:
        ///   - nativeOptions: the native transport's options; its defaults by default. Give both
        ///     transports the same `maximumResponseSize` for the same results either way.
        ///   - urlSession: the transport for what the native one does not send; a new
        ///     ``URLSessionTransport`` by default.
        ///   - sharesCookies: whether the native transport stores and sends cookies in the URLSession
        ///     transport's cookie storage (when its configuration handles cookies), so both routes
        ///     agree on a session cookie; `true` by default. A `cookieStorage` set in `nativeOptions`
        ///     is kept either way.
        public init(
            nativeOptions: HTTP1Transport.Options = HTTP1Transport.Options(),
            urlSession: URLSessionTransport = URLSessionTransport(), sharesCookies: Bool = true
        ) {
            self.urlSession = urlSession
            native = Self.native(nativeOptions, sharing: urlSession, sharesCookies: sharesCookies)
            proxy = ProxySettings.process
        }

        /// Creates a routing transport that judges proxies by `proxy` (tests give settings of their
        /// own; the public initializer reads the process's).
        package init(
            nativeOptions: HTTP1Transport.Options, urlSession: URLSessionTransport, sharesCookies: Bool,
            proxy: ProxySettings
        ) {
            self.urlSession = urlSession
            native = Self.native(nativeOptions, sharing: urlSession, sharesCookies: sharesCookies)
            self.proxy = proxy
        }

        /// The native transport, given `urlSession`'s cookie storage when `sharesCookies` and its
        /// options name none.
        private static func native(
            _ options: HTTP1Transport.Options, sharing urlSession: URLSessionTransport, sharesCookies: Bool
        ) -> HTTP1Transport {
            var options = options
            if sharesCookies, options.cookieStorage == nil, let storage = urlSession.cookieStorage {
                options.cookieStorage = storage
            }
            return HTTP1Transport(options: options)
        }
    #else
        /// Creates a routing transport, which off Linux sends every request through `urlSession`.
        ///
        /// - Parameter urlSession: the transport for every request; a new
        ///   ``URLSessionTransport`` by default.
        public init(urlSession: URLSessionTransport = URLSessionTransport()) {
            self.urlSession = urlSession
        }
    #endif

    /// The transport `request` goes through, by the rules listed on ``RoutingTransport``.
    ///
    /// A request to a pinned host (by the provider, ``TransportRequest/pinnedPublicKeys``, or by
    /// `nativeOptions`) goes to the native transport whenever it can send it, whatever content
    /// coding it asks for: only there are pins checked on Linux. One it cannot send (a proxy, a
    /// user in the URL) is given to `URLSession`, and the provider's chain refuses it before
    /// anything is sent.
    public func route(for request: TransportRequest) -> Route {
        #if os(Linux)
            guard HTTP1Transport.canConnect(request), !proxy.proxies(request.urlRequest.url) else { return .urlSession }
            if isPinned(request) { return .native }
            guard HTTP1Transport.canSend(request) else { return .urlSession }
            if !native.options.decodesContent, HTTP1Transport.requestedCoding(of: request.urlRequest) != .none {
                return .urlSession
            }
            return .native
        #else
            return .urlSession
        #endif
    }

    #if os(Linux)
        private func isPinned(_ request: TransportRequest) -> Bool {
            if request.pinnedPublicKeys != nil { return true }
            guard let host = request.urlRequest.url?.host(percentEncoded: true) else { return false }
            return native.configuredPins(for: host) != nil
        }
    #endif

    /// Sends `request` through the transport ``route(for:)`` picks.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        #if os(Linux)
            if route(for: request) == .native { return try await native.send(request) }
        #endif
        return try await urlSession.send(request)
    }
}

extension RoutingTransport: HopSettingsTransport {
    /// The native transport's rules on Linux, the URLSession transport's elsewhere.
    package var redirectRules: RedirectRules {
        #if os(Linux)
            return native.redirectRules
        #else
            return urlSession.redirectRules
        #endif
    }

    /// The storage of the transport ``route(for:)`` picks for `request`: one storage for both
    /// routes unless `sharesCookies` was `false`.
    package func cookieStorage(for request: URLRequest) -> HTTPCookieStorage? {
        #if os(Linux)
            // One storage for both routes (the default): no need to route the request to know it.
            let shared = urlSession.cookieStorage
            if native.options.cookieStorage === shared { return shared }
            if route(for: TransportRequest(urlRequest: request)) == .native {
                return native.cookieStorage(for: request)
            }
        #endif
        return urlSession.cookieStorage(for: request)
    }

    /// The rule of the transport ``route(for:)`` picks for `request`: the native transport's on
    /// the native route, none through URLSession, which decodes by itself.
    package func contentDecoding(for request: TransportRequest) -> ContentDecodingRule? {
        hopRoute(for: request).contentDecoding
    }

    /// The transport ``route(for:)`` picks for `hop`, with that transport's cookie storage and
    /// decoding rule: the chain sends the hop to it directly, so a hop is routed once.
    package func hopRoute(for hop: TransportRequest) -> HopRoute {
        #if os(Linux)
            if route(for: hop) == .native { return native.hopRoute(for: hop) }
        #endif
        return urlSession.hopRoute(for: hop)
    }

    /// The native transport's pins for `host` (its TLS options), on Linux.
    package func configuredPins(for host: String) -> Set<String>? {
        #if os(Linux)
            return native.configuredPins(for: host)
        #else
            return nil
        #endif
    }
}

extension RoutingTransport: EndableTransport {
    /// Ends both routes: the URLSession transport, and on Linux the native one.
    package func shutdown() async {
        #if os(Linux)
            await native.shutdown()
        #endif
        await urlSession.shutdown()
    }
}
