import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Whether the provider's chain follows redirects, and how many at most (``RedirectPolicy``).
package struct RedirectRules: Sendable, Equatable {
    /// Whether redirects are followed; when `false`, a `3xx` is the call's answer.
    package var follows: Bool
    /// The most redirects one call follows before it fails with `URLError(.httpTooManyRedirects)`.
    package var limit: Int

    package init(follows: Bool = true, limit: Int = RedirectPolicy.maximumRedirects) {
        self.follows = follows
        self.limit = limit
    }

    /// Follow, within ``RedirectPolicy/maximumRedirects``: what the chain applies to a transport
    /// that states no rules of its own (an app's, a test's).
    package static let standard = RedirectRules()
}

/// How the chain decodes the body of a hop whose transport hands it over as the server sent it:
/// it asks for `gzip, deflate` when the request names no coding, and decodes a `gzip` or
/// `deflate` answer, counting decoded bytes against the transport's own limits.
package struct ContentDecodingRule: Sendable, Equatable {
    /// The most decoded bytes a data or upload call keeps in memory; `nil` for no limit.
    package var maximumResponseSize: Int64?
    /// The most decoded bytes a download writes to its file; `nil` for no limit.
    package var maximumDownloadSize: Int64?

    package init(maximumResponseSize: Int64?, maximumDownloadSize: Int64?) {
        self.maximumResponseSize = maximumResponseSize
        self.maximumDownloadSize = maximumDownloadSize
    }
}

/// Where one hop goes, decided once per hop: the transport that sends it, the storage the chain
/// keeps its cookies in, and how the chain decodes its body.
package struct HopRoute {
    /// The transport that sends the hop.
    package var transport: any Transport
    /// The storage the hop's cookies are added from and stored into; `nil` for none.
    package var cookieStorage: HTTPCookieStorage?
    /// How the chain decodes the hop's body; `nil` to keep it as the transport returns it.
    package var contentDecoding: ContentDecodingRule?
    /// Whether the transport checks the public-key pins a request carries
    /// (``TransportRequest/pinnedPublicKeys``), and its own, on the connection it sends it on.
    package var checksPins: Bool

    package init(
        transport: any Transport, cookieStorage: HTTPCookieStorage?, contentDecoding: ContentDecodingRule?,
        checksPins: Bool = false
    ) {
        self.transport = transport
        self.cookieStorage = cookieStorage
        self.contentDecoding = contentDecoding
        self.checksPins = checksPins
    }
}

/// A transport of this package tells the provider's chain, which follows redirects, keeps
/// cookies and decodes content for every transport, the settings it was made with: its redirect
/// rules, the cookie storage of each hop, and whether the chain decodes a hop's body.
///
/// Package-wide, not public: an app's own transport does one hop and gets the chain's defaults
/// (follow up to 16 redirects, no cookie storage, bodies kept as the transport returns them).
package protocol HopSettingsTransport: Transport {
    /// Whether and how far the chain follows this transport's redirects.
    var redirectRules: RedirectRules { get }

    /// The storage the chain adds `request`'s cookies from and stores its answer's `Set-Cookie`
    /// into; `nil` for none.
    func cookieStorage(for request: URLRequest) -> HTTPCookieStorage?

    /// How the chain decodes `request`'s answer, when this transport hands bodies over as the
    /// server sent them; `nil` when it returns them decoded already (URLSession decodes by itself)
    /// or decoding is off.
    func contentDecoding(for request: TransportRequest) -> ContentDecodingRule?

    /// Where `hop` goes: by default this transport, with its cookie storage and decoding rule; a
    /// transport that hands hops on to others (`RoutingTransport`) picks one, once.
    func hopRoute(for hop: TransportRequest) -> HopRoute

    /// Whether this transport checks public-key pins on its connections.
    var checksPins: Bool { get }

    /// The pins this transport's own options set for `host` (the native transport's TLS options),
    /// which the chain keeps, as the provider's, from any route that cannot check them; `nil` for
    /// none.
    func configuredPins(for host: String) -> Set<String>?
}

extension HopSettingsTransport {
    /// None by default: the body is kept as the transport returns it.
    package func contentDecoding(for request: TransportRequest) -> ContentDecodingRule? {
        nil
    }

    /// Not by default.
    package var checksPins: Bool { false }

    /// None by default.
    package func configuredPins(for host: String) -> Set<String>? { nil }

    /// This transport, with its cookie storage and decoding rule for `hop`.
    package func hopRoute(for hop: TransportRequest) -> HopRoute {
        HopRoute(
            transport: self, cookieStorage: cookieStorage(for: hop.urlRequest),
            contentDecoding: contentDecoding(for: hop), checksPins: checksPins)
    }
}
