import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The rules a followed redirect obeys.
package enum RedirectPolicy {
    /// Headers that carry no credential and may follow a redirect to another origin.
    package static let headersSafeAcrossOrigins: Set<String> = [
        "accept", "accept-encoding", "accept-language", "user-agent", "content-type", "content-length",
        "cache-control", "pragma",
    ]

    /// The request to send for a redirect from `original` to `proposed`, or `nil` to let the
    /// redirect response end the task.
    ///
    /// - Across origins (scheme, host or port differ), only ``headersSafeAcrossOrigins`` are kept,
    ///   so `Authorization`, `Cookie` and app headers such as API keys never reach another host.
    /// - `307` and `308` must keep the method and the body (RFC 9110 §15.4.8–9), but
    ///   FoundationNetworking resends the request without its body, whatever the new request
    ///   carries (its body stream is spent). So they end the task, and
    ///   ``URLSessionTransport`` follows them with a new task: see ``followUp(_:after:)``.
    static func redirect(_ original: URLRequest, to proposed: URLRequest, status: Int) -> URLRequest? {
        if keepsMethodAndBody(status) { return nil }
        var request = proposed
        if !sameOrigin(original.url, proposed.url) { stripCredentials(from: &request) }
        return request
    }

    /// The request that follows `response` to `request` when the response is a `307` or `308`
    /// with a `Location`: the same method, body and headers at the new URL, without credentials
    /// when the new URL is on another origin. `nil` for any other response.
    static func followUp(_ request: URLRequest, after response: HTTPURLResponse) -> URLRequest? {
        guard keepsMethodAndBody(response.statusCode),
            let location = response.value(forHTTPHeaderField: "Location"),
            let target = URL(string: location, relativeTo: response.url ?? request.url)?.absoluteURL,
            let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else { return nil }
        var next = request
        next.url = target
        if !sameOrigin(request.url, target) { stripCredentials(from: &next) }
        return next
    }

    private static func keepsMethodAndBody(_ status: Int) -> Bool {
        status == 307 || status == 308
    }

    private static func stripCredentials(from request: inout URLRequest) {
        for name in (request.allHTTPHeaderFields ?? [:]).keys
        where !headersSafeAcrossOrigins.contains(name.lowercased()) {
            request.setValue(nil, forHTTPHeaderField: name)
        }
    }

    package static func sameOrigin(_ lhs: URL?, _ rhs: URL?) -> Bool {
        guard let lhs, let rhs else { return false }
        return lhs.scheme?.lowercased() == rhs.scheme?.lowercased() && lhs.host?.lowercased() == rhs.host?.lowercased()
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
