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

/// A transport of this package tells the provider's chain, which follows redirects and keeps
/// cookies for every transport, the settings it was made with: its redirect rules and the cookie
/// storage of each hop.
///
/// Package-wide, not public: an app's own transport does one hop and gets the chain's defaults
/// (follow up to 16 redirects, no cookie storage).
package protocol HopSettingsTransport: Transport {
    /// Whether and how far the chain follows this transport's redirects.
    var redirectRules: RedirectRules { get }

    /// The storage the chain adds `request`'s cookies from and stores its answer's `Set-Cookie`
    /// into; `nil` for none.
    func cookieStorage(for request: URLRequest) -> HTTPCookieStorage?
}
