#if os(Linux)
    import CourierTransport
    import Foundation

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    extension HTTP1Transport {
        /// Limits and policies of an ``HTTP1Transport``.
        public struct Options: Sendable {
            /// The most connections open at once to one host and port; `32` by default. Requests
            /// beyond it wait for a connection to come back.
            public var maximumConnectionsPerHost: Int
            /// How long an idle connection is kept for reuse, in seconds; `30` by default.
            public var idleConnectionTimeout: TimeInterval
            /// The largest response body of a data or upload call accepted, in bytes, as it comes on
            /// the wire; larger ones fail with <doc:/Courier/TransportError/responseTooLarge(limit:)> as soon as
            /// the count passes it. <doc:/Courier/TransportResponse/defaultMaximumSize> (64 MiB) by default; `nil`
            /// for no limit.
            public var maximumResponseSize: Int64?
            /// The largest download accepted, in bytes; `nil` (no limit) by default. A download is
            /// written to disk as it arrives, so ``maximumResponseSize`` does not apply to it.
            public var maximumDownloadSize: Int64?
            /// Whether a provider over this transport follows redirects; `true` by default. When
            /// `false`, the `3xx` response itself is the answer. The transport itself always returns
            /// the `3xx`: redirects are followed by the provider's chain, one hop at a time.
            public var followsRedirects: Bool
            /// How long one attempt to connect to one of a host's addresses may take, in seconds,
            /// before the transport gives up on that address; `10` by default. The request's own
            /// `timeoutInterval` still bounds the whole, when it is shorter. Addresses are raced,
            /// so a silent address delays a call by this only when no other address answers.
            public var connectTimeout: TimeInterval
            /// The most redirects a provider over this transport follows for one call before
            /// `URLError(.httpTooManyRedirects)`; `16` by default, as
            /// `URLSessionTransport.Options.maximumRedirects`.
            public var maximumRedirects: Int
            /// Where a provider over this transport keeps cookies: its chain stores the `Set-Cookie`
            /// answers of every hop there and sends the cookies for each hop's URL in its `Cookie`
            /// header (a request's `httpShouldHandleCookies` is obeyed). `nil`, the default: no
            /// cookie is stored or added, only the `Cookie` header a request carries is sent. The
            /// transport used alone never reads it.
            ///
            /// `nil` is the default because this transport is meant for service-to-service calls: one
            /// transport shared by the requests of many users would otherwise send one user's session
            /// cookie with another's call, and a stateless client is what curl is without a cookie jar.
            /// <doc:/Courier/RoutingTransport> gives its native transport the storage of its URLSession
            /// transport, so both routes agree on a session cookie.
            ///
            /// ```swift
            /// let transport = HTTP1Transport(options: .init(cookieStorage: HTTPCookieStorage()))
            /// ```
            public var cookieStorage: HTTPCookieStorage?
            /// The longest status line and headers (or trailers) accepted, in bytes; `65,536` by default.
            public var maximumHeaderBytes: Int
            /// The most header (or trailer) fields accepted; `128` by default.
            public var maximumHeaderCount: Int
            /// The `User-Agent` sent when the request has none; `"Courier"` by default.
            public var userAgent: String
            /// Whether a provider's chain decodes this transport's `gzip` and `deflate` bodies;
            /// `true` by default. The transport itself hands every body over as it came; for its
            /// calls the chain sends `Accept-Encoding: gzip, deflate` when a request names none,
            /// decodes such a body, counts the compressed and decoded bytes together against
            /// ``maximumResponseSize`` (a download's decoded bytes against ``maximumDownloadSize``:
            /// a compressed bomb ends there), and returns it without its
            /// `Content-Encoding` and `Content-Length` headers, which no longer describe it. A
            /// stream's body is decoded as its consumer reads it, held to its buffer. zlib
            /// (`libz.so.1`) is loaded when first needed; without it nothing is asked for or
            /// decoded. `false` leaves every body as it came.
            public var decodesContent: Bool
            /// What `https://` connections add to the secure defaults: extra trust roots, a client
            /// certificate, public-key pins (see ``TLSOptions``); none by default.
            public var tls: TLSOptions

            /// Creates options; every parameter has the default stated on its property.
            public init(
                maximumConnectionsPerHost: Int = 32, idleConnectionTimeout: TimeInterval = 30,
                maximumResponseSize: Int64? = TransportResponse.defaultMaximumSize, followsRedirects: Bool = true,
                maximumRedirects: Int = 16, maximumHeaderBytes: Int = 64 * 1024, maximumHeaderCount: Int = 128,
                userAgent: String = "Courier",
                maximumDownloadSize: Int64? = nil, cookieStorage: HTTPCookieStorage? = nil,
                connectTimeout: TimeInterval = 10, decodesContent: Bool = true,
                tls: TLSOptions = TLSOptions()
            ) {
                self.tls = tls
                self.connectTimeout = connectTimeout
                self.decodesContent = decodesContent
                self.cookieStorage = cookieStorage
                self.maximumDownloadSize = maximumDownloadSize
                self.maximumConnectionsPerHost = maximumConnectionsPerHost
                self.idleConnectionTimeout = idleConnectionTimeout
                self.maximumResponseSize = maximumResponseSize
                self.followsRedirects = followsRedirects
                self.maximumRedirects = maximumRedirects
                self.maximumHeaderBytes = maximumHeaderBytes
                self.maximumHeaderCount = maximumHeaderCount
                self.userAgent = userAgent
            }
        }
    }
#endif
