import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Which headers, query items and JSON members hold secrets, so that recordings never store
/// them.
///
/// A recording masks them as `NetworkLoggerPlugin` masks its lines: a secret value becomes
/// `***` (an authorization scheme is kept: `Bearer ***`; cookie names are kept:
/// `session=***; Path=/`), and the secrets a request carried — a token, its credential part,
/// each cookie value, a secret query value, a password in its body — are also replaced wherever
/// else they appear in the recording, such as in a body that echoes them.
///
/// A name is secret when it is in the list for its place, or contains `token`, `secret` or
/// `password`; names are compared case-insensitively.
///
/// ```swift
/// let masking = SecretMasking(maskedHeaders: ["X-Device-Id"], maskedQueryItems: ["key", "sign"])
/// let recorder = RecordingTransport(recordingTo: directory, masking: masking)
/// ```
public struct SecretMasking: Sendable, Equatable {
    /// What a secret is replaced with: `***`, as in the logger.
    public static let mask = SecretValues.mask

    /// Header names that are always secret, as in the logger: `Authorization`,
    /// `Proxy-Authorization`, `Cookie`, `Set-Cookie` and `X-API-Key`.
    public static let alwaysMaskedHeaders: Set<String> = SecretValues.alwaysSecretHeaders

    /// Query item names masked by default: the usual names of tokens, keys and signatures
    /// (`token`, `access_token`, `api_key`, `apikey`, `signature`, `sig`, `session`, …), and
    /// the names of the always-masked headers.
    public static let defaultMaskedQueryItems: Set<String> = alwaysMaskedHeaders.union([
        "token", "access_token", "refresh_token", "id_token", "auth", "api_key", "apikey", "client_secret",
        "password", "signature", "sig", "session", "sessionid", "sid",
    ])

    /// JSON member and form field names masked by default: the secret headers and query items
    /// as bodies echo them, and `cookies`.
    public static let defaultMaskedBodyKeys: Set<String> =
        alwaysMaskedHeaders.union(defaultMaskedQueryItems).union(["cookies", "x-api-key"])

    /// Fragments that make any name secret.
    private static let secretFragments = ["token", "secret", "password"]

    /// Secret header names, lower-cased; always includes ``alwaysMaskedHeaders``.
    public let maskedHeaders: Set<String>
    /// Secret query item names, lower-cased.
    public let maskedQueryItems: Set<String>
    /// Secret JSON member and form field names, lower-cased.
    public let maskedBodyKeys: Set<String>

    /// Creates a rule set.
    ///
    /// - Parameters:
    ///   - maskedHeaders: header names masked besides ``alwaysMaskedHeaders``; none by default.
    ///   - maskedQueryItems: secret query item names; ``defaultMaskedQueryItems`` by default.
    ///   - maskedBodyKeys: secret JSON member and form field names; ``defaultMaskedBodyKeys`` by default.
    public init(
        maskedHeaders: Set<String> = [],
        maskedQueryItems: Set<String> = SecretMasking.defaultMaskedQueryItems,
        maskedBodyKeys: Set<String> = SecretMasking.defaultMaskedBodyKeys
    ) {
        self.maskedHeaders = Self.alwaysMaskedHeaders.union(maskedHeaders.map { $0.lowercased() })
        self.maskedQueryItems = Set(maskedQueryItems.map { $0.lowercased() })
        self.maskedBodyKeys = Set(maskedBodyKeys.map { $0.lowercased() })
    }

    /// The built-in rules.
    public static let `default` = SecretMasking()

    /// Whether the header `name` holds a secret.
    public func isSecret(header name: String) -> Bool {
        Self.isSecret(name, in: maskedHeaders)
    }

    /// Whether the query item `name` holds a secret.
    public func isSecret(queryItem name: String) -> Bool {
        Self.isSecret(name, in: maskedQueryItems)
    }

    /// Whether the JSON member or form field `name` holds a secret.
    public func isSecret(bodyKey name: String) -> Bool {
        Self.isSecret(name, in: maskedBodyKeys)
    }

    /// `url` with the values of its secret query items and its password replaced by `***`.
    ///
    /// ```swift
    /// SecretMasking.default.masked(URL(string: "https://x.dev/a?page=2&token=s3cr3t")!)
    /// // https://x.dev/a?page=2&token=***
    /// ```
    public func masked(_ url: URL) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        if components.percentEncodedPassword != nil { components.percentEncodedPassword = Self.mask }
        if let items = components.percentEncodedQueryItems {
            components.percentEncodedQueryItems = items.map { item in
                guard item.value != nil, isSecret(queryItem: item.name.removingPercentEncoding ?? item.name) else {
                    return item
                }
                return URLQueryItem(name: item.name, value: Self.mask)
            }
        }
        return components.url ?? url
    }

    /// The value to store for header `name`: itself when the header is not secret; otherwise
    /// masked, keeping an authorization scheme (`Bearer ***`) and cookie names and attributes
    /// (`session=***; Path=/`), which help a reader and are not secret.
    public func maskedValue(ofHeader name: String, value: String) -> String {
        guard isSecret(header: name) else { return value }
        let lowered = name.lowercased()
        if lowered == "cookie" || lowered == "set-cookie" { return Self.maskedCookie(value) }
        return SecretValues.maskedCredential(value)
    }

    static func isSecret(_ name: String, in names: Set<String>) -> Bool {
        let lowered = name.lowercased()
        return names.contains(lowered) || secretFragments.contains { lowered.contains($0) }
    }

    /// `a=***; b=***; Path=/`: every cookie value masked, attributes kept. Commas separate
    /// cookies too, as Foundation joins several `Set-Cookie` headers with `, `.
    private static func maskedCookie(_ value: String) -> String {
        var result = ""
        var part = ""
        func flush() {
            if let equals = part.firstIndex(of: "=") {
                let name = part[..<equals]
                let key = name.trimmingCharacters(in: .whitespaces).lowercased()
                result += SecretValues.cookieAttributes.contains(key) ? part : "\(name)=\(mask)"
            } else {
                result += part
            }
            part = ""
        }
        for character in value {
            if character == ";" || character == "," {
                flush()
                result.append(character)
            } else {
                part.append(character)
            }
        }
        flush()
        return result
    }
}
