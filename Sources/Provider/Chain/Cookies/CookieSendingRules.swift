import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// RFC 6265bis §5.8.3: which of the cookies a storage keeps a request gets, and in which order,
/// whatever storage keeps them and whatever transport sends the request. Foundation's
/// `HTTPCookieStorage.cookies(for:)` is never asked (on Linux it ignores `Secure` and `Path`).
///
/// A request gets a kept cookie when
/// - its host is the cookie's (host-only), or is the cookie's domain or a name in it (a domain
///   cookie; never an IP address by suffix), and that domain is not a public suffix, unless it is
///   the host itself (a cookie Foundation's parser kept for `Domain=test` reaches no `*.test`);
/// - its path is the cookie's or below it;
/// - it goes over `https`, for a `Secure` cookie, whatever hop led to it (a `Secure` cookie is
///   known by its flag or, should a storage have lost the flag, by ``HTTPCookie/secureMark``);
/// - the cookie has not expired;
/// - the cookie's name and value may stand in a `Cookie` header (``CookieSyntax``): one an app put
///   into the storage with a control character or a `;` is skipped, so a stored cookie never
///   carries what request validation refuses, on any route.
///
/// The cookies go longest path first, then earliest made.
enum CookieSendingRules {
    /// The cookies of `stored` a request for `url` gets at `now`, in the order they are sent.
    static func cookies(
        for url: URL, from stored: [HTTPCookie], at now: Date, suffixes: PublicSuffixList = .shipped
    ) -> [HTTPCookie] {
        guard let host = CookieDomain.host(of: url) else { return [] }
        let path = CookiePath.requestPath(of: url)
        let isSecure = url.scheme?.lowercased() == "https"
        let sent = stored.filter { cookie in
            (isSecure || !cookie.isSecureOnly) && !cookie.isExpired(at: now)
                && CookiePath.path(path, matches: cookie.path) && matches(host, cookie, suffixes: suffixes)
                && CookieSyntax.isSendable(name: cookie.name, value: cookie.value)
        }
        guard sent.count > 1 else { return sent }
        return sent.enumerated().map { (index: $0.offset, cookie: $0.element, made: $0.element.creationTime) }
            .sorted { first, second in
                if first.cookie.path.utf8.count != second.cookie.path.utf8.count {
                    return first.cookie.path.utf8.count > second.cookie.path.utf8.count
                }
                if let firstMade = first.made, let secondMade = second.made, firstMade != secondMade {
                    return firstMade < secondMade
                }
                return first.index < second.index
            }
            .map(\.cookie)
    }

    /// The `Cookie` header's value a request for `url` gets from `stored` at `now`; `nil` when it
    /// gets none.
    static func header(for url: URL, from stored: [HTTPCookie], at now: Date) -> String? {
        let cookies = cookies(for: url, from: stored, at: now)
        guard !cookies.isEmpty else { return nil }
        return cookies.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")
    }

    /// Whether a request to `host` gets `cookie` by its domain.
    private static func matches(_ host: String, _ cookie: HTTPCookie, suffixes: PublicSuffixList) -> Bool {
        let domain = cookie.jarDomain
        if cookie.isHostOnly || domain == host { return host == domain }
        return CookieDomain.host(host, matches: domain) && !suffixes.isPublicSuffix(domain)
    }
}
