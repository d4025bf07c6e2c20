import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether a URL's host is this machine, judged from its spelling alone, without a lookup.
///
/// Loopback is an address in `127.0.0.0/8` written as four decimal parts (`127.0.0.1`,
/// `127.1.2.3`), the IPv6 loopback `::1` in any spelling (`[::1]`, `[0:0:0:0:0:0:0:1]`), an
/// IPv4-mapped `::ffff:127.x.y.z`, and the name `localhost`. Everything else is another
/// machine, on purpose:
///
/// - a name that starts like an address (`127.attacker.example`, `127.0.0.1.nip.io`) is a
///   name, and DNS sends it anywhere;
/// - `*.localhost` names (`app.localhost`) are reserved for loopback (RFC 6761), but whether
///   they resolve there depends on the system's resolver, not on Courier;
/// - the short and hexadecimal forms some resolvers accept (`127.1`, `0x7f.0.0.1`) are not
///   read as addresses: refusing such a spelling costs nothing that `127.0.0.1` does not give.
enum LoopbackHost {
    /// Whether `host` (as in `URL.host`, with or without IPv6 brackets) is loopback.
    static func contains(_ host: String) -> Bool {
        var bare = Substring(host)
        if bare.hasPrefix("["), bare.hasSuffix("]") { bare = bare.dropFirst().dropLast() }
        if bare.caseInsensitiveEquals("localhost") { return true }
        if let octets = ipv4Octets(bare) { return octets[0] == 127 }
        guard bare.utf8.contains(UInt8(ascii: ":")), let bytes = ipv6Bytes(String(bare)) else { return false }
        let isLoopback = bytes[0..<15].allSatisfy { $0 == 0 } && bytes[15] == 1
        let isMappedLoopback =
            bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF
            && bytes[12] == 127
        return isLoopback || isMappedLoopback
    }

    /// The four parts of a dotted-decimal IPv4 address (no sign, no leading zero, each at most
    /// 255), or `nil` when `text` is not one.
    private static func ipv4Octets(_ text: Substring) -> [UInt8]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var octets: [UInt8] = []
        for part in parts {
            guard (1...3).contains(part.count), part.allSatisfy({ $0.isASCII && $0.isNumber }),
                part == "0" || !part.hasPrefix("0"), let value = UInt8(part)
            else { return nil }
            octets.append(value)
        }
        return octets
    }

    /// The 16 bytes of an IPv6 address as `inet_pton` reads it, or `nil`.
    private static func ipv6Bytes(_ text: String) -> [UInt8]? {
        var address = in6_addr()
        guard inet_pton(AF_INET6, text, &address) == 1 else { return nil }
        return withUnsafeBytes(of: &address) { Array($0) }
    }
}
