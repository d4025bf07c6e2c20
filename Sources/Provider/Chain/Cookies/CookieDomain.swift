import CourierTransport
import Foundation

/// Hosts and domains as the cookie rules compare them (RFC 6265bis §5.1.2, §5.1.3): a host by its
/// one spelling (``HostName``), whether it is an IP address, and domain-match.
enum CookieDomain {
    /// The host of `url` as cookies are kept and matched by: ``HostName``'s one spelling of it as
    /// written in the URL (lowercase, one trailing dot dropped, IPv6 without brackets); `nil` when
    /// the URL has none.
    static func host(of url: URL) -> String? {
        guard let host = url.host(percentEncoded: true), !host.isEmpty else { return nil }
        var bare = Substring(host)
        if bare.hasPrefix("["), bare.hasSuffix("]") { bare = bare.dropFirst().dropLast() }
        let normalized = HostName.normalized(String(bare))
        return normalized.isEmpty ? nil : normalized
    }

    /// Whether `host` is an IP address: IPv6 (it has a `:`), or IPv4 in any of the forms a URL
    /// parser reads as one (its last label is a number: `127.0.0.1`, `10.1`, `0x7f.1`), which no
    /// name can be (no top-level domain is numeric).
    static func isIPAddress(_ host: String) -> Bool {
        if host.utf8.contains(UInt8(ascii: ":")) { return true }
        guard let last = host.split(separator: ".", omittingEmptySubsequences: false).last, !last.isEmpty else {
            return false
        }
        if last.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) { return true }
        let lowered = last.lowercased()
        return lowered.hasPrefix("0x") && lowered.dropFirst(2).allSatisfy(\.isHexDigit)
    }

    /// Whether `host` domain-matches `domain`: they are the same, or `host` is a name (not an IP
    /// address) that ends in `.` followed by `domain`.
    static func host(_ host: String, matches domain: String) -> Bool {
        if host == domain { return true }
        guard !domain.isEmpty, host.utf8.count > domain.utf8.count,
            host.utf8.reversed().starts(with: domain.utf8.reversed())
        else { return false }
        let dot = host.utf8.index(host.utf8.endIndex, offsetBy: -(domain.utf8.count + 1))
        return host.utf8[dot] == UInt8(ascii: ".") && !isIPAddress(host)
    }
}
