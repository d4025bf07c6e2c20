import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Collects the secrets of one call and masks them in every line logged about it.
///
/// A secret header (`Authorization`, `Cookie`, …) is masked where it is printed, and its value —
/// whole, its credential part, a Basic password, each cookie value — is also masked wherever else
/// it shows up: in a URL, in a body that echoes it, in an error message.
struct SecretMasker: Sendable {
    /// What a secret is replaced with.
    static let mask = "***"
    /// Values shorter than this (in UTF-8 bytes) are masked where their header is printed but not searched for
    /// elsewhere: replacing every `1` or `on` in a log would hide everything and protect nothing.
    static let minimumSearchedLength = 4

    /// Cookie attributes, whose values are not secrets.
    private static let cookieAttributes: Set<String> = [
        "path", "domain", "expires", "max-age", "samesite", "secure", "httponly", "priority", "partitioned",
    ]

    private let maskedHeaders: Set<String>
    /// The lengths of the names in `maskedHeaders`: most headers are told apart by length
    /// alone, without lowercasing their names.
    private let maskedHeaderLengths: Set<Int>
    private let maskedQueryItems: Set<String>
    /// The values searched for, longest first so that a whole value is masked before its parts.
    private(set) var secrets: [String] = []

    /// Creates a masker for the built-in header names plus `maskedHeaders` and the query items
    /// named in `maskedQueryItems`.
    init(maskedHeaders: Set<String>, maskedQueryItems: Set<String>) {
        self.maskedHeaders = NetworkLoggerPlugin.alwaysMaskedHeaders.union(maskedHeaders.map { $0.lowercased() })
        self.maskedHeaderLengths = Set(self.maskedHeaders.map(\.utf8.count))
        self.maskedQueryItems = Set(maskedQueryItems.map { $0.lowercased() })
    }

    /// Whether the header `name` holds a secret.
    func isSecret(header name: String) -> Bool {
        maskedHeaderLengths.contains(name.utf8.count) && maskedHeaders.contains(name.lowercased())
    }

    /// Learns the secrets of `request`: its secret headers and secret query items.
    mutating func collect(from request: URLRequest) {
        collect(headers: request.allHTTPHeaderFields ?? [:])
        collect(url: request.url)
    }

    /// Learns the values of the secret headers among `headers`.
    mutating func collect(headers: [String: String]) {
        var found: [String] = []
        for (name, value) in headers where isSecret(header: name) {
            found += Self.pieces(ofHeader: name.lowercased(), value: value)
        }
        add(found)
    }

    /// Learns the values of the secret query items of `url`.
    mutating func collect(url: URL?) {
        guard !maskedQueryItems.isEmpty, let url,
            let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems
        else { return }
        add(items.compactMap { maskedQueryItems.contains($0.name.lowercased()) ? $0.value : nil })
    }

    /// Adds `values` (and the forms they take in URLs and JSON) to the secrets.
    mutating func add(_ values: [String]) {
        var added = false
        for value in values where value.utf8.count >= Self.minimumSearchedLength {
            for form in Self.forms(of: value) where !secrets.contains(form) {
                secrets.append(form)
                added = true
            }
        }
        if added { secrets.sort { $0.utf8.count > $1.utf8.count } }
    }

    /// The value to print for header `name`: masked when the header is secret, keeping an
    /// authorization scheme (`Bearer ***`) because it helps and is not secret.
    func printableValue(ofHeader name: String, value: String) -> String {
        guard isSecret(header: name) else { return value }
        if let space = value.firstIndex(of: " "), !value[..<space].isEmpty,
            value[..<space].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" })
        {
            return "\(value[..<space]) \(Self.mask)"
        }
        return Self.mask
    }

    /// `text` with every known secret replaced by the mask.
    ///
    /// One pass over the UTF-8 bytes per secret, in Swift: Foundation's `contains` and
    /// `replacingOccurrences` go through `NSString` on Linux and cost more than the whole log line.
    func mask(_ text: String) -> String {
        guard !secrets.isEmpty else { return text }
        var text = text
        let masked = text.withUTF8 { bytes -> String? in
            var found: [Range<Int>] = []
            for secret in secrets {
                var secret = secret
                secret.withUTF8 { needle in Self.collectOccurrences(of: needle, in: bytes, into: &found) }
            }
            guard !found.isEmpty else { return nil }
            found.sort { $0.lowerBound < $1.lowerBound }
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count)
            var position = 0
            for range in found {
                if range.lowerBound >= position {
                    output += bytes[position..<range.lowerBound]
                    output += Self.maskBytes
                }
                position = max(position, range.upperBound)
            }
            output += bytes[position...]
            return String(decoding: output, as: UTF8.self)
        }
        return masked ?? text
    }

    private static let maskBytes = Array(mask.utf8)

    /// Appends the byte ranges where `needle` occurs in `haystack`.
    private static func collectOccurrences(
        of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>, into found: inout [Range<Int>]
    ) {
        guard let first = needle.first, needle.count <= haystack.count else { return }
        var index = 0
        let last = haystack.count - needle.count
        search: while index <= last {
            guard haystack[index] == first else {
                index += 1
                continue
            }
            for offset in 1..<needle.count where haystack[index + offset] != needle[offset] {
                index += 1
                continue search
            }
            found.append(index..<(index + needle.count))
            index += needle.count
        }
    }

    /// Like ``mask(_:)`` for text that was cut short: a secret cut in two at the end would
    /// leave its first part, so a trailing start of any secret is removed too.
    func maskCut(_ text: String) -> String {
        let masked = mask(text)
        guard !secrets.isEmpty else { return masked }
        let tail = Array(masked.utf8.suffix(secrets[0].utf8.count))
        var longest = 0
        for secret in secrets {
            let bytes = Array(secret.utf8)
            var length = min(bytes.count - 1, tail.count)
            while length > longest {
                if tail[(tail.count - length)...].elementsEqual(bytes[..<length]) {
                    longest = length
                    break
                }
                length -= 1
            }
        }
        guard longest > 0 else { return masked }
        return String(decoding: masked.utf8.dropLast(longest), as: UTF8.self) + Self.mask
    }

    /// The secret parts of a header value: the whole value, the credential after a scheme, the
    /// user and password of Basic credentials, and each cookie value.
    private static func pieces(ofHeader name: String, value: String) -> [String] {
        var pieces = [value]
        if name == "cookie" || name == "set-cookie" {
            for pair in value.split(whereSeparator: { $0 == ";" || $0 == "," }) {
                guard let equals = pair.firstIndex(of: "=") else { continue }
                let key = trimmed(pair[..<equals]).lowercased()
                guard !cookieAttributes.contains(key) else { continue }
                pieces.append(trimmed(pair[pair.index(after: equals)...]))
            }
        } else if let space = value.firstIndex(of: " ") {
            let scheme = value[..<space].lowercased()
            let credential = trimmed(value[value.index(after: space)...])
            pieces.append(credential)
            if scheme == "basic", let data = Data(base64Encoded: credential),
                let decoded = String(data: data, encoding: .utf8)
            {
                pieces.append(decoded)
                if let colon = decoded.firstIndex(of: ":") {
                    pieces.append(String(decoded[decoded.index(after: colon)...]))
                }
            }
        }
        return pieces
    }

    /// `text` without the spaces and tabs around it.
    private static func trimmed(_ text: Substring) -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = text.firstIndex(where: { !isBlank($0) }), let end = text.lastIndex(where: { !isBlank($0) })
        else { return "" }
        return String(text[start...end])
    }

    /// A value as it is, percent-encoded (in a URL) and with `/` escaped (in some JSON); the
    /// other forms are only made for values that have such characters, which tokens rarely do.
    private static func forms(of value: String) -> [String] {
        var forms = [value]
        if !value.utf8.allSatisfy(\.isURLUnreserved) {
            let hexDigits = Array("0123456789ABCDEF".utf8)
            var encoded: [UInt8] = []
            encoded.reserveCapacity(value.utf8.count * 3)
            for byte in value.utf8 {
                if byte.isURLUnreserved {
                    encoded.append(byte)
                } else {
                    encoded += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
                }
            }
            forms.append(String(decoding: encoded, as: UTF8.self))
        }
        if value.utf8.contains(UInt8(ascii: "/")) {
            forms.append(value.split(separator: "/", omittingEmptySubsequences: false).joined(separator: "\\/"))
        }
        return forms
    }
}
