import Foundation

/// One spelling of a host, for every rule that compares hosts: public-key pins, pooled
/// connections, the name a certificate is checked against, cookies, the cross-origin check of
/// redirects and the cache key. Written once, so that no rule knows a host by a spelling another
/// rule misses (a pin looked up as `api.example.com.` while the certificate check ignored the dot).
///
/// The spelling:
/// - a name is lowercased, with one trailing dot dropped (`API.Example.com.` is `api.example.com`:
///   RFC 6125 §6.2.1 compares names without the dot), and its percent-escapes decoded when they
///   stand for ASCII name characters (`%6Cocalhost` is `localhost`, RFC 3986 §6.2.2.2);
/// - an IPv6 address is written as RFC 5952 writes it (`[0:0:0:0:0:0:0:1]` is `[::1]`,
///   `FE80::1` is `fe80::1`), with its brackets when it came with them.
///
/// IDNA is left to Foundation: a URL's host is compared as Foundation spells it (on Linux a
/// non-ASCII host comes percent-encoded, which stays encoded here and which the native transport
/// refuses to connect to), so an `xn--` name and its Unicode spelling are not merged here.
package enum HostName {
    /// `host` (as `URL.host` gives it, IPv6 brackets or not) by its one spelling; brackets stay.
    package static func normalized(_ host: String) -> String {
        if host.hasPrefix("["), host.hasSuffix("]"), host.count > 2 {
            let inside = String(host.dropFirst().dropLast())
            guard let address = IPv6Address(inside) else { return host.lowercased() }
            return "[" + address.description + "]"
        }
        if host.contains(":") { return IPv6Address(host)?.description ?? host.lowercased() }
        let lowercased = decodingPercentEscapes(host).lowercased()
        guard lowercased.count > 1, lowercased.hasSuffix(".") else { return lowercased }
        return String(lowercased.dropLast())
    }

    /// `host` by its one spelling, without the brackets of an IPv6 address: what keys (pins by
    /// host, the hosts of cookies) are compared by.
    package static func canonical(_ host: String) -> String {
        let spelled = normalized(host)
        guard spelled.hasPrefix("["), spelled.hasSuffix("]"), spelled.count > 2 else { return spelled }
        return String(spelled.dropFirst().dropLast())
    }

    /// `host` by its one spelling, without brackets, when a URL can have it as its host (a name
    /// of ASCII letters, digits, `-`, `.` and `_`, or an IP address); `nil` for a spelling no URL's
    /// host can match (a key with a port, a path, a space, stray brackets), which a setting keyed by
    /// host refuses rather than never applies.
    package static func matchableKey(_ host: String) -> String? {
        let key = canonical(host)
        guard !key.isEmpty, key != "." else { return nil }
        if isAddress(key) { return key }
        let allowed = key.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"),
                UInt8(ascii: "."), UInt8(ascii: "_"):
                true
            default: false
            }
        }
        return allowed && !key.hasPrefix(".") && !key.contains("..") ? key : nil
    }

    /// Whether `host` is an IP address (v4 or v6, bracketed or not), not a name.
    package static func isAddress(_ host: String) -> Bool {
        let bare = canonical(host)
        if IPv6Address(bare) != nil { return true }
        let parts = bare.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in
                !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber)
                    && (Int(part) ?? 256) <= 255
            }
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

    /// `host` with each escape of an ASCII letter, digit, `-`, `.` or `_` decoded; `host` as it was
    /// when another escape stands in it (a non-ASCII name, or bytes no name may hold).
    private static func decodingPercentEscapes(_ host: String) -> String {
        guard host.contains("%") else { return host }
        var bytes: [UInt8] = []
        var input = Array(host.utf8)[...]
        while let byte = input.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard input.count >= 2, let high = hexValue(input.removeFirst()), let low = hexValue(input.removeFirst())
            else { return host }
            let decoded = high << 4 | low
            guard isNameCharacter(decoded) else { return host }
            bytes.append(decoded)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func isNameCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"):
            true
        default: false
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// An IPv6 address read from its text (RFC 4291 §2.2: groups, one `::`, a dotted IPv4 tail) and
/// written as RFC 5952 §4 says: lowercase, no leading zeros, the longest run of two or more zero
/// groups (the first of equal runs) as `::`, an IPv4-mapped address with its dotted tail. A zone
/// (`%eth0`) is kept as written.
struct IPv6Address: CustomStringConvertible {
    /// The eight 16-bit groups.
    let groups: [UInt16]
    /// The zone, with its `%`, or empty.
    let zone: String

    init?(_ text: String) {
        var address = Substring(text)
        var zone = ""
        if let percent = address.firstIndex(of: "%") {
            zone = String(address[percent...])
            address = address[..<percent]
        }
        guard !address.isEmpty, address.utf8.count <= 45 else { return nil }
        let halves = address.components(separatedBy: "::")
        guard halves.count <= 2 else { return nil }
        func parse(_ part: String, allowsIPv4Tail: Bool) -> [UInt16]? {
            guard !part.isEmpty else { return [] }
            var groups: [UInt16] = []
            let pieces = part.split(separator: ":", omittingEmptySubsequences: false)
            for (index, piece) in pieces.enumerated() {
                if allowsIPv4Tail, index == pieces.count - 1, piece.contains(".") {
                    let octets = piece.split(separator: ".", omittingEmptySubsequences: false)
                    guard octets.count == 4 else { return nil }
                    var values: [UInt16] = []
                    for octet in octets {
                        guard !octet.isEmpty, octet.count <= 3, octet.allSatisfy({ $0.isASCII && $0.isNumber }),
                            let value = UInt16(octet), value <= 255
                        else { return nil }
                        values.append(value)
                    }
                    groups.append(values[0] << 8 | values[1])
                    groups.append(values[2] << 8 | values[3])
                    continue
                }
                guard !piece.isEmpty, piece.count <= 4, piece.allSatisfy(\.isHexDigit),
                    let value = UInt16(piece, radix: 16)
                else { return nil }
                groups.append(value)
            }
            return groups
        }
        let groups: [UInt16]
        if halves.count == 2 {
            guard let head = parse(halves[0], allowsIPv4Tail: false), let tail = parse(halves[1], allowsIPv4Tail: true),
                head.count + tail.count <= 7
            else { return nil }
            groups = head + Array(repeating: 0, count: 8 - head.count - tail.count) + tail
        } else {
            guard let all = parse(halves[0], allowsIPv4Tail: true), all.count == 8 else { return nil }
            groups = all
        }
        self.groups = groups
        self.zone = zone
    }

    var description: String {
        if groups[0..<5].allSatisfy({ $0 == 0 }), groups[5] == 0xFFFF {
            let tail = [groups[6] >> 8, groups[6] & 0xFF, groups[7] >> 8, groups[7] & 0xFF].map(String.init)
            return "::ffff:" + tail.joined(separator: ".") + zone
        }
        // The longest run of two or more zero groups, the first of equal runs.
        var best: (start: Int, length: Int) = (-1, 0)
        var index = 0
        while index < 8 {
            guard groups[index] == 0 else {
                index += 1
                continue
            }
            var end = index
            while end < 8, groups[end] == 0 { end += 1 }
            if end - index > best.length { best = (index, end - index) }
            index = end
        }
        let hex = groups.map { String($0, radix: 16) }
        guard best.length >= 2 else { return hex.joined(separator: ":") + zone }
        let head = hex[..<best.start].joined(separator: ":")
        let tail = hex[(best.start + best.length)...].joined(separator: ":")
        return head + "::" + tail + zone
    }
}
