import CourierTransport
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A cookie as the chain's rules decide to keep it (RFC 6265bis §5.7), before it goes into an
/// `HTTPCookieStorage` as an `HTTPCookie`. Its identity is its name, domain, whether it is
/// host-only, and its path; in the storage, a host-only cookie's domain is the host and a domain
/// cookie's is the domain after a dot (`.example.com`), Foundation's spelling of the same flag.
struct JarCookie: Equatable, Sendable {
    var name: String
    var value: String
    /// The host (host-only) or the domain the cookie is for: lowercase, without a leading dot.
    var domain: String
    /// Whether only `domain` itself gets the cookie, not the names below it.
    var isHostOnly: Bool
    var path: String
    var isSecure: Bool
    var isHTTPOnly: Bool
    /// When the cookie expires; `nil` for a session cookie.
    var expiry: Date?

    /// The domain as the storage keeps it: `domain` for a host-only cookie, `.domain` otherwise.
    var storedDomain: String { isHostOnly ? domain : "." + domain }

    /// Whether `stored` is this cookie, to be replaced or deleted by it: same name, domain (host-only
    /// or not) and path.
    func hasIdentity(of stored: HTTPCookie) -> Bool {
        stored.name == name && stored.path == path && stored.domain.lowercased() == storedDomain
    }

    /// The `HTTPCookie` the storage keeps for this cookie, set by an answer from `origin`.
    func httpCookie(origin: URL) -> HTTPCookie? {
        var properties: [HTTPCookiePropertyKey: Any] = [
            .name: name, .value: value, .domain: storedDomain, .path: path, .version: "0", .originURL: origin,
        ]
        if isSecure {
            properties[.secure] = "TRUE"
            properties[.comment] = HTTPCookie.secureMark
        }
        if isHTTPOnly { properties[HTTPCookiePropertyKey("HttpOnly")] = "TRUE" }
        if let expiry {
            properties[.expires] = expiry
        } else {
            properties[.discard] = "TRUE"
        }
        return HTTPCookie(properties: properties)
    }
}

extension HTTPCookie {
    /// Whether only the domain itself gets this stored cookie: its domain has no leading dot.
    var isHostOnly: Bool { !domain.hasPrefix(".") }

    /// The stored cookie's domain as the rules compare it: by ``HostName``'s spelling, without the
    /// leading dot of a domain cookie.
    var jarDomain: String {
        HostName.normalized(isHostOnly ? domain : String(domain.dropFirst()))
    }

    /// When the storage's cookie was made (Foundation's `Created` property, seconds since 2001),
    /// for the order cookies are sent in; `nil` when the storage does not say.
    var creationTime: Double? {
        switch properties?[HTTPCookiePropertyKey("Created")] {
        case let seconds as Double: seconds
        case let number as NSNumber: number.doubleValue
        default: nil
        }
    }

    /// The comment a `Secure` cookie the rules keep carries besides its flag: FoundationNetworking's
    /// persistent storage (`HTTPCookieStorage.shared` on Linux) writes the flag in a form it does not
    /// read back, so after a restart the cookie would come back without it; the comment, which it
    /// writes and reads, keeps it `Secure`.
    static let secureMark = "Secure (Courier)"

    /// Whether the cookie goes over `https` only: its `Secure` flag, or the mark a `Secure` cookie
    /// kept by the rules carries (``secureMark``), should the storage have lost the flag.
    var isSecureOnly: Bool { isSecure || comment == Self.secureMark }

    /// Whether the cookie expired at `now` (a session cookie never does).
    func isExpired(at now: Date) -> Bool {
        guard let expiresDate else { return false }
        return expiresDate <= now
    }
}
