import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A transport that adds cookies of its own storage to the requests it sends (URLSession's
/// `httpCookieStorage`, the native transport's `cookieStorage`), below the provider's cache.
///
/// The cache asks it which, so that it judges a request as it goes out: those cookies are
/// credentials (an answer to them is not stored by default, and partitioned when allowed), and
/// they are what `Vary: Cookie` compares. Without it, one user's answer to a session cookie would
/// be another's hit. This stands until cookies move above the cache, into the provider's chain.
package protocol CookieAddingTransport: Transport {
    /// The cookies the transport would add to `request` from its storage, as a `Cookie` header's
    /// value (`name=value; …`), or `nil` when it adds none.
    func storedCookies(for request: URLRequest) -> String?
}

extension HTTPCookieStorage {
    /// The cookies of this storage for `request`'s URL as a `Cookie` header's value, or `nil`
    /// when there are none or the request handles no cookies (`httpShouldHandleCookies`). The host
    /// is looked up by its one spelling (``HostName``), as cookies are stored.
    package func cookieHeader(for request: URLRequest) -> String? {
        guard request.httpShouldHandleCookies, let url = request.url,
            let cookies = cookies(for: HostName.normalizingHost(of: url)),
            !cookies.isEmpty
        else { return nil }
        return cookies.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")
    }
}
