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
    /// Values shorter than this are masked where their header is printed but not searched for
    /// elsewhere: replacing every `1` or `on` in a log would hide everything and protect nothing.
    static let minimumSearchedLength = 4

    /// Cookie attributes, whose values are not secrets.
    private static let cookieAttributes: Set<String> = [
        "path", "domain", "expires", "max-age", "samesite", "secure", "httponly", "priority", "partitioned",
    ]

    private let maskedHeaders: Set<String>
    private let maskedQueryItems: Set<String>
    /// The values searched for, longest first so that a whole value is masked before its parts.
    private(set) var secrets: [String] = []

    /// Creates a masker for the built-in header names plus `maskedHeaders` and the query items
    /// named in `maskedQueryItems`.
    init(maskedHeaders: Set<String>, maskedQueryItems: Set<String>) {
        self.maskedHeaders = NetworkLoggerPlugin.alwaysMaskedHeaders.union(maskedHeaders.map { $0.lowercased() })
        self.maskedQueryItems = Set(maskedQueryItems.map { $0.lowercased() })
    }

    /// Whether the header `name` holds a secret.
    func isSecret(header name: String) -> Bool {
        maskedHeaders.contains(name.lowercased())
    }

    /// Learns the secrets of `request`: its secret headers and secret query items.
    mutating func collect(from request: URLRequest) {
        if let headers = request.allHTTPHeaderFields { collect(headers: headers) }
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
        for value in values where value.count >= Self.minimumSearchedLength {
            for form in Self.forms(of: value) where !secrets.contains(form) {
                secrets.append(form)
                added = true
            }
        }
        if added { secrets.sort { $0.count > $1.count } }
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
    func mask(_ text: String) -> String {
        var text = text
        for secret in secrets where text.contains(secret) {
            text = text.replacingOccurrences(of: secret, with: Self.mask)
        }
        return text
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
                let key = pair[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
                guard !cookieAttributes.contains(key) else { continue }
                pieces.append(pair[pair.index(after: equals)...].trimmingCharacters(in: .whitespaces))
            }
        } else if let space = value.firstIndex(of: " ") {
            let scheme = value[..<space].lowercased()
            let credential = value[value.index(after: space)...].trimmingCharacters(in: .whitespaces)
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

    /// The characters a URL never percent-encodes.
    private static let unreserved = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))

    /// A value as it is, percent-encoded (in a URL) and with `/` escaped (in some JSON).
    private static func forms(of value: String) -> [String] {
        var forms = [value]
        if let encoded = value.addingPercentEncoding(withAllowedCharacters: unreserved), encoded != value {
            forms.append(encoded)
        }
        let escaped = value.replacingOccurrences(of: "/", with: "\\/")
        if escaped != value { forms.append(escaped) }
        return forms
    }
}
