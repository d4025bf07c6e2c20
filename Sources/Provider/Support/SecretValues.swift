import CourierTargets
import Foundation

/// The secret values one exchange carried, and their removal from any text about it.
///
/// A secret header's whole value is a secret, and so are its credential part (after
/// `Bearer `), the user and password of Basic credentials and each cookie value; so are the
/// values of secret query items, of a URL's password and of secret JSON members and form
/// fields, in a request or in a response (a login's tokens). Which names are secret is
/// ``SecretMasking``'s rule. Each value is searched for in every spelling Courier's encoders and
/// common servers give it: as it is; percent-encoded byte by byte and as `URLEncoding` escapes
/// it (`/` kept, `+` and `=` escaped), with `+` for a space too; inside a JSON string as
/// `JSONEncoder`, `JSONSerialization` and Python's `json` write it (`\"`, `\\`, `\/`, `\n`,
/// `\u00e4`), and inside a JSON string that is itself inside one (a body echoed as a string).
///
/// `NetworkLoggerPlugin` masks its lines with it and CourierTesting its recordings, so both
/// agree on what a secret is and how it is found. An app's own logging plugin can mask its
/// lines the same way:
///
/// ```swift
/// var secrets = SecretValues()
/// secrets.add(headers: request.allHTTPHeaderFields ?? [:])   // SecretMasking.default's names
/// if let url = request.url { secrets.add(url: url) }
/// let headers = (request.allHTTPHeaderFields ?? [:]).map { "\($0.key): \($0.value)" }
/// let line = secrets.masked(headers.joined(separator: "; "))
/// ```
///
/// Mask text as it is printed: a secret is searched for byte for byte, so a line made with
/// `"\(dictionary)"` (which escapes each `"` and `\`) can hide a value that contains them.
public struct SecretValues: Sendable {
    /// What a secret is replaced with.
    public static let mask = "***"
    /// Values shorter than this (in UTF-8 bytes) are masked where their header is printed but
    /// not searched for elsewhere: replacing every `1` or `on` would hide everything and protect nothing.
    package static let minimumSearchedLength = 4
    /// The headers that are always secret, lowercased.
    @available(*, deprecated, renamed: "SecretMasking.alwaysMaskedHeaders")
    public static var alwaysSecretHeaders: Set<String> { SecretMasking.alwaysMaskedHeaders }
    /// Cookie attributes, whose values are not secrets.
    package static let cookieAttributes: Set<String> = [
        "path", "domain", "expires", "max-age", "samesite", "secure", "httponly", "priority", "partitioned",
    ]

    /// The values searched for, longest first so that a whole value is masked before its parts.
    private var values: [String] = []

    /// Creates an empty set: nothing is masked until values are added.
    public init() {}

    /// Adds the secret parts of the value of the secret header `name`.
    public mutating func add(header name: String, value: String) {
        add(Self.pieces(ofHeader: name.lowercased(), value: value))
    }

    /// Adds `found` (and the spellings they take in URLs and JSON). A value shorter than 4 UTF-8
    /// bytes is not added (it would match inside ordinary text): mask it where you print it.
    public mutating func add(_ found: [String]) {
        var added = false
        for value in found where value.utf8.count >= Self.minimumSearchedLength {
            // Bytes compared, not text: Swift's `==` holds composed and decomposed accents equal.
            for form in Self.spellings(of: value) where !values.contains(where: { $0.utf8.elementsEqual(form.utf8) }) {
                values.append(form)
                added = true
            }
        }
        if added { values.sort { $0.utf8.count > $1.utf8.count } }
    }

    /// `text` with every known secret replaced by the mask, and the password of any URL in it.
    ///
    /// One pass over the UTF-8 bytes per secret, in Swift: Foundation's `contains` and
    /// `replacingOccurrences` go through `NSString` on Linux and cost more than a whole log line.
    public func masked(_ text: String) -> String {
        Self.maskingURLPasswords(in: maskedValues(text))
    }

    private func maskedValues(_ text: String) -> String {
        guard !values.isEmpty else { return text }
        var text = text
        let masked = text.withUTF8 { bytes -> String? in
            var found: [Range<Int>] = []
            for secret in values {
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

    /// Like ``masked(_:)`` for text that was cut short: a secret cut in two at the end would
    /// leave its first part, so a trailing start of any secret is removed too.
    public func maskedCut(_ text: String) -> String {
        let masked = masked(text)
        guard let longestSecret = values.first else { return masked }
        let tail = Array(masked.utf8.suffix(longestSecret.utf8.count))
        var longest = 0
        for secret in values {
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

    /// A credential as it may be shown: `Bearer ***` for a value with a known authorization
    /// scheme (the IANA registry's, and `Token`, `ApiKey`, `OAuth`, `Hawk`, `MAC`,
    /// `AWS4-HMAC-SHA256`), which helps a reader and is not secret; `***` otherwise, since the
    /// first word of any other value (`correct horse`) may be part of the secret.
    package static func maskedCredential(_ value: String) -> String {
        if let space = value.firstIndex(of: " "), authorizationSchemes.contains(value[..<space].lowercased()) {
            return "\(value[..<space]) \(mask)"
        }
        return mask
    }

    /// The authorization schemes ``maskedCredential(_:)`` keeps, lowercased.
    static let authorizationSchemes: Set<String> = [
        "basic", "bearer", "digest", "dpop", "hoba", "mutual", "negotiate", "ntlm", "privatetoken", "scram-sha-1",
        "scram-sha-256", "vapid", "token", "apikey", "aws4-hmac-sha256", "oauth", "hawk", "mac",
    ]

    static let maskBytes = Array(mask.utf8)

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
            // One step, not the needle's length: an occurrence that overlaps this one must be
            // masked too (the ranges are merged afterwards).
            index += 1
        }
    }

    /// The secret parts of a header value: the whole value, the credential after a scheme, the
    /// user and password of Basic credentials, and each cookie value (a quoted one with and
    /// without its quotes).
    private static func pieces(ofHeader name: String, value: String) -> [String] {
        var pieces = [value]
        if name == "cookie" || name == "set-cookie" {
            for pair in value.split(whereSeparator: { $0 == ";" || $0 == "," }) {
                guard let equals = pair.firstIndex(of: "=") else { continue }
                let key = trimmed(pair[..<equals]).lowercased()
                guard !cookieAttributes.contains(key) else { continue }
                let cookie = trimmed(pair[pair.index(after: equals)...])
                pieces.append(cookie)
                // A quoted value (RFC 6265 allows one) is often echoed, or escaped, without its quotes.
                if cookie.count > 2, cookie.hasPrefix("\""), cookie.hasSuffix("\"") {
                    pieces.append(String(cookie.dropFirst().dropLast()))
                }
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

    /// `text` without the white space around it (a no-break space included), as Foundation trims.
    private static func trimmed(_ text: Substring) -> String {
        let isBlank: (Character) -> Bool = { $0.isWhitespace && !$0.isNewline }
        guard let start = text.firstIndex(where: { !isBlank($0) }), let end = text.lastIndex(where: { !isBlank($0) })
        else { return "" }
        return String(text[start...end])
    }
}
