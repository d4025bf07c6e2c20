import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The rules a followed redirect obeys.
enum RedirectPolicy {
    /// Headers that carry no credential and may follow a redirect to another origin.
    static let headersSafeAcrossOrigins: Set<String> = [
        "accept", "accept-encoding", "accept-language", "user-agent", "content-type", "content-length",
        "cache-control", "pragma",
    ]

    /// The request to send for a redirect from `original` to `proposed`.
    ///
    /// - Across origins (scheme, host or port differ), only ``headersSafeAcrossOrigins`` are kept,
    ///   so `Authorization`, `Cookie` and app headers such as API keys never reach another host.
    /// - `307` and `308` keep the method and the body (RFC 9110 §15.4.8–9); FoundationNetworking
    ///   would otherwise resend a `POST` with an empty body.
    static func redirect(_ original: URLRequest, to proposed: URLRequest, status: Int) -> URLRequest {
        var request = proposed
        if status == 307 || status == 308 {
            request.httpMethod = original.httpMethod
            if let body = original.httpBody { request.httpBody = body }
        }
        if !sameOrigin(original.url, proposed.url) {
            for name in (request.allHTTPHeaderFields ?? [:]).keys
            where !headersSafeAcrossOrigins.contains(name.lowercased()) {
                request.setValue(nil, forHTTPHeaderField: name)
            }
        }
        return request
    }

    static func sameOrigin(_ lhs: URL?, _ rhs: URL?) -> Bool {
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
