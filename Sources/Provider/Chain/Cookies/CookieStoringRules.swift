import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// RFC 6265bis §5.7, the storage model: what one `Set-Cookie` field of an answer does to the
/// cookies kept, whatever storage keeps them and whatever transport brought the answer.
///
/// - The field is parsed by §5.6 (``SetCookieField``): a control character, no name or more than
///   4096 bytes refuse it.
/// - `Secure` only from an `https` answer; a cookie without it from plain HTTP never overwrites
///   or shadows a `Secure` one of the same name.
/// - `Domain` must be the host or a name the host is in (`example.com` for `api.example.com`),
///   must not be a public suffix (``PublicSuffixList``: `com`, `co.uk`, `test`) unless it is the
///   host itself, which makes the cookie host-only, and on an IP address host can only be the
///   address itself (host-only too). Without `Domain` the cookie is host-only.
/// - Without a valid `Path` (one that begins with `/`), the request's default path.
/// - `Max-Age` wins over `Expires`; both are capped at 400 days. One that is `0`, negative or in
///   the past deletes the kept cookie of the same name, domain and path: a logout's deletion.
/// - The prefixes: a `__Secure-` name needs `Secure`; a `__Host-` name needs `Secure`, no `Domain`
///   and `Path=/` (names compared without case).
enum CookieStoringRules {
    /// The longest a cookie is kept: RFC 6265bis caps `Max-Age` and `Expires` at 400 days.
    static let maximumLifetime: TimeInterval = 400 * 86_400

    /// What a field does: keep a cookie (replacing one of the same identity), or delete the kept
    /// cookie of that identity.
    enum Change: Equatable, Sendable {
        case store(JarCookie)
        case delete(JarCookie)
    }

    /// What the `Set-Cookie` field `field` of an answer from `url`, received at `now`, does to a
    /// storage that keeps `stored`.
    ///
    /// - Throws: why the field is refused (``CookieRefusal``); a refused field changes nothing.
    static func change(
        for field: String, from url: URL, at now: Date, stored: [HTTPCookie],
        suffixes: PublicSuffixList = .shipped
    ) throws(CookieRefusal) -> Change {
        let parsed = try SetCookieField(parsing: field)
        guard let host = CookieDomain.host(of: url) else { throw .noHost }
        let isSecureAnswer = url.scheme?.lowercased() == "https"
        guard !parsed.isSecure || isSecureAnswer else { throw .secureFromPlainHTTP }
        let (domain, isHostOnly) = try Self.domain(parsed.domain, host: host, suffixes: suffixes)
        let cookie = JarCookie(
            name: parsed.name, value: parsed.value, domain: domain, isHostOnly: isHostOnly,
            path: parsed.path ?? CookiePath.defaultPath(of: url), isSecure: parsed.isSecure,
            isHTTPOnly: parsed.isHTTPOnly, expiry: expiry(of: parsed, at: now))
        try checkPrefixes(cookie, domainAttribute: parsed.domain, pathAttribute: parsed.path)
        if !cookie.isSecure, !isSecureAnswer, stored.contains(where: { cookie.wouldShadow($0) }) {
            throw .shadowsSecureCookie
        }
        if let expiry = cookie.expiry, expiry <= now { return .delete(cookie) }
        return .store(cookie)
    }

    /// The cookie's domain and whether it is host-only, from its `Domain` attribute (`nil`
    /// without one) and the host that set it.
    private static func domain(
        _ attribute: String?, host: String, suffixes: PublicSuffixList
    ) throws(CookieRefusal) -> (domain: String, isHostOnly: Bool) {
        guard let attribute, !attribute.isEmpty else { return (host, true) }
        guard attribute.utf8.allSatisfy({ $0 < 0x80 }) else { throw .nonASCIIDomain }
        let domain = HostName.normalized(attribute)
        if CookieDomain.isIPAddress(host) {
            guard domain == host else { throw .domainOnIPAddress }
            return (host, true)
        }
        if suffixes.isPublicSuffix(domain) {
            guard domain == host else { throw .publicSuffixDomain }
            return (host, true)
        }
        guard CookieDomain.host(host, matches: domain) else { throw .domainMismatch }
        return (domain, false)
    }

    /// When a cookie set at `now` expires: by `Max-Age` (`distantPast` for `0` or less), else by
    /// `Expires`, capped at ``maximumLifetime``; `nil` for a session cookie.
    private static func expiry(of field: SetCookieField, at now: Date) -> Date? {
        let latest = now.addingTimeInterval(maximumLifetime)
        if let maxAge = field.maxAge {
            guard maxAge > 0 else { return .distantPast }
            return min(now.addingTimeInterval(TimeInterval(maxAge)), latest)
        }
        return field.expires.map { min($0, latest) }
    }

    /// The `__Secure-` and `__Host-` prefixes' requirements (names compared without case).
    private static func checkPrefixes(
        _ cookie: JarCookie, domainAttribute: String?, pathAttribute: String?
    ) throws(CookieRefusal) {
        let name = cookie.name.lowercased()
        if name.hasPrefix("__secure-"), !cookie.isSecure { throw .prefixRequirements }
        if name.hasPrefix("__host-"),
            !cookie.isSecure || !cookie.isHostOnly || domainAttribute != nil || pathAttribute != "/"
        {
            throw .prefixRequirements
        }
    }
}

extension JarCookie {
    /// Whether this cookie, set without `Secure` over plain HTTP, would overwrite or shadow the
    /// `Secure` cookie `stored` (RFC 6265bis §5.7, "leave secure cookies alone"): same name, one
    /// domain in the other, and this cookie's path within the stored one's.
    fileprivate func wouldShadow(_ stored: HTTPCookie) -> Bool {
        guard stored.isSecureOnly, stored.name == name else { return false }
        let storedDomain = stored.jarDomain
        return (CookieDomain.host(domain, matches: storedDomain) || CookieDomain.host(storedDomain, matches: domain))
            && CookiePath.path(path, matches: stored.path)
    }
}
