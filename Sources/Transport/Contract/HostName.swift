import Foundation

/// One spelling of a host, for every rule that compares hosts: public-key pins, pooled
/// connections, the name a certificate is checked against, cookies, the cross-origin check of
/// redirects and the cache key. Written once, so that no rule knows a host by a spelling another
/// rule misses (a pin looked up as `api.example.com.` while the certificate check ignored the dot).
///
/// The spelling is the host lowercased, with one trailing dot dropped: `API.Example.com.` is
/// `api.example.com`. A fully qualified name and the same name without its dot are the same host
/// to a certificate (RFC 6125 §6.2.1 compares them without the dot), so they are one host here.
/// IDNA is left to Foundation: a URL's host is compared as Foundation spells it (on Linux a
/// non-ASCII host comes percent-encoded, which the native transport refuses to connect to), so
/// an `xn--` name and its Unicode spelling are not merged here.
package enum HostName {
    /// `host` (as `URL.host` gives it, IPv6 brackets or not) lowercased, one trailing dot dropped.
    package static func normalized(_ host: String) -> String {
        let lowercased = host.lowercased()
        guard lowercased.count > 1, lowercased.hasSuffix(".") else { return lowercased }
        return String(lowercased.dropLast())
    }

    /// `url` with its host ``normalized(_:)``, the rest as it was; `url` itself when its host is
    /// already so spelled (or it has none).
    package static func normalizingHost(of url: URL) -> URL {
        guard let host = url.host(percentEncoded: true), normalized(host) != host,
            var components = URLComponents(url: url, resolvingAgainstBaseURL: true),
            let written = components.percentEncodedHost
        else { return url }
        // URLComponents spells an IPv6 host with its brackets, and refuses one set without them
        // (a trap, not an error): the value it gave is the one changed and set back.
        components.percentEncodedHost = normalized(written)
        return components.url ?? url
    }
}
