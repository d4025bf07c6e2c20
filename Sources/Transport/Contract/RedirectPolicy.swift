import CourierTargets
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The one set of rules both of Courier's transports follow redirects by: a pure function from
/// the request, the redirect response and the number of redirects already followed, to what
/// comes next (``next(after:status:location:responseURL:redirectsFollowed:limit:)``).
///
/// The provider's chain loops, for every call and every transport (each of which sends one hop):
/// send, ask the policy, send the next request or return the answer. `URLSessionTransport`
/// tells Foundation to follow nothing itself, so its rules (which resend a `307` without its body
/// and turn any `301`/`302` into a `GET`) never apply.
package enum RedirectPolicy {
    /// The most redirects one call follows before it fails with `URLError(.httpTooManyRedirects)`,
    /// unless its transport's options say otherwise: `16` (both transports' `maximumRedirects`
    /// option defaults to it).
    package static let maximumRedirects = 16

    /// The statuses whose `Location` is followed.
    package static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]

    /// Headers that carry no credential and may follow a redirect to another origin.
    package static let headersSafeAcrossOrigins: Set<String> = [
        "accept", "accept-encoding", "accept-language", "user-agent", "content-type", "content-length",
        "cache-control", "pragma",
    ]

    /// What follows a response.
    package enum Decision: Sendable {
        /// Send this request next.
        case follow(TransportRequest)
        /// The response is the answer: not a redirect, or one without a usable `Location`
        /// (absent, unparsable, or not `http`/`https`).
        case answer
        /// A redirect beyond the limit: the call fails with `URLError(.httpTooManyRedirects)`.
        case tooMany
    }

    /// What follows the response with `status` and `Location` value `location` that `responseURL`
    /// gave to `request`, after `redirectsFollowed` redirects.
    ///
    /// - `location` is resolved against `responseURL` (the request's URL when `nil`).
    /// - `307` and `308` keep the method and the body (RFC 9110 §15.4.8–9); `303` continues with
    ///   a bodiless `GET` (a `HEAD` stays `HEAD`), and so do `301` and `302` after a `POST`
    ///   (RFC 9110 §15.4.2–3 allow it, and every browser does it); any other method keeps itself
    ///   and its body. A request whose method changes loses its body, `Content-Type` and
    ///   `Content-Length`, and an upload becomes a data call.
    /// - Across origins (scheme, host or port differ), only ``headersSafeAcrossOrigins`` are kept,
    ///   so `Authorization`, `Cookie` and app headers such as API keys never reach another host. A
    ///   `Location` with a user or a password in it counts as another origin: a server that names
    ///   credentials of its own gets none of the request's (and such a URL takes another route).
    package static func next(
        after request: TransportRequest, status: Int, location: String?, responseURL: URL?, redirectsFollowed: Int,
        limit: Int = maximumRedirects
    ) -> Decision {
        guard redirectStatuses.contains(status), let location, !location.isEmpty,
            let base = responseURL ?? request.urlRequest.url,
            let target = URL(string: location, relativeTo: base)?.absoluteURL,
            let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else { return .answer }
        guard redirectsFollowed < limit else { return .tooMany }
        var next = request
        next.urlRequest.url = target
        let method = (request.urlRequest.httpMethod ?? "GET").uppercased()
        let becomesGET = (status == 303 && method != "HEAD") || ((status == 301 || status == 302) && method == "POST")
        if becomesGET, method != "GET" {
            next.urlRequest.httpMethod = "GET"
            next.urlRequest.httpBody = nil
            next.urlRequest.httpBodyStream = nil
            next.urlRequest.setValue(nil, forHTTPHeaderField: "Content-Type")
            next.urlRequest.setValue(nil, forHTTPHeaderField: "Content-Length")
            if case .upload = request.kind { next.kind = .data }
        }
        let namesCredentials = target.user != nil || target.password != nil
        if namesCredentials || !sameOrigin(request.urlRequest.url, target) { stripCredentials(from: &next.urlRequest) }
        return .follow(next)
    }

    private static func stripCredentials(from request: inout URLRequest) {
        for name in (request.allHTTPHeaderFields ?? [:]).keys
        where !headersSafeAcrossOrigins.contains(name.lowercased()) {
            request.setValue(nil, forHTTPHeaderField: name)
        }
    }

    /// Whether `lhs` and `rhs` have the same scheme, host (one spelling: ``HostName``) and port
    /// (default ports included).
    package static func sameOrigin(_ lhs: URL?, _ rhs: URL?) -> Bool {
        guard let lhs, let rhs else { return false }
        return lhs.scheme?.lowercased() == rhs.scheme?.lowercased()
            && lhs.host(percentEncoded: true).map(HostName.normalized)
                == rhs.host(percentEncoded: true).map(HostName.normalized)
            && effectivePort(lhs) == effectivePort(rhs)
    }

    private static func effectivePort(_ url: URL) -> Int? {
        if let port = url.port { return port }
        switch url.scheme?.lowercased() {
        case "http": return 80
        case "https": return 443
        default: return nil
        }
    }
}
