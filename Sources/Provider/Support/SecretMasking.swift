import Foundation

/// Which headers, query items, JSON members and form fields hold secrets: the one policy that
/// `NetworkLoggerPlugin` masks its lines with and CourierTesting's recorder its files.
///
/// A secret value becomes `***` where its name is printed (an authorization scheme is kept:
/// `Bearer ***`; cookie names are kept: `session=***; Path=/`), and ``SecretValues`` finds the
/// same value wherever else it is echoed, in every spelling Courier's encoders write.
///
/// By default these names are secret, compared case-insensitively:
///
/// - headers: ``alwaysMaskedHeaders`` — `Authorization`, `Proxy-Authorization`, `Cookie`,
///   `Set-Cookie`, `X-API-Key`, `API-Key`;
/// - query items: ``defaultMaskedQueryItems`` — `key`, `api_key`, `apikey`, `access_token`,
///   `refresh_token`, `id_token`, `token`, `auth`, `password`, `passwd`, `secret`,
///   `client_secret`, `signature`, `sig`, `session`, `sessionid`, `sid`, and the header names above;
/// - JSON members (at any depth) and form fields: ``defaultMaskedBodyKeys`` — the query item
///   names and `cookies`;
/// - and, in every place, any name that contains `token`, `secret`, `password`, `passwd`,
///   `api_key`, `api-key`, `apikey` or `signature` (`X-Auth-Token`, `accessToken`, `newPassword`).
///
/// ```swift
/// let masking = SecretMasking(maskedHeaders: ["X-Device-Id"],
///                             maskedQueryItems: SecretMasking.defaultMaskedQueryItems.union(["sign"]))
/// let logger = NetworkLoggerPlugin(configuration: .init(masking: masking))
/// ```
public struct SecretMasking: Sendable, Equatable {
    /// What a secret is replaced with: `***`.
    public static let mask = SecretValues.mask

    /// Header names that are always secret, lowercased: `authorization`, `proxy-authorization`,
    /// `cookie`, `set-cookie`, `x-api-key` and `api-key`.
    public static let alwaysMaskedHeaders: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "api-key",
    ]

    /// Query item names masked by default: the usual names of keys, tokens, passwords, sessions
    /// and signatures, and the names of the always-masked headers.
    public static let defaultMaskedQueryItems: Set<String> = alwaysMaskedHeaders.union([
        "key", "api_key", "apikey", "access_token", "refresh_token", "id_token", "token", "auth", "password",
        "passwd", "secret", "client_secret", "signature", "sig", "session", "sessionid", "sid",
    ])

    /// JSON member and form field names masked by default: the secret query items as bodies
    /// send and echo them, and `cookies` (as httpbin echoes them).
    public static let defaultMaskedBodyKeys: Set<String> = defaultMaskedQueryItems.union(["cookies"])

    /// Fragments that make any name secret, wherever it is.
    private static let secretFragments = [
        "token", "secret", "password", "passwd", "api_key", "api-key", "apikey", "signature",
    ]

    /// Secret header names, lowercased; always includes ``alwaysMaskedHeaders``.
    public let maskedHeaders: Set<String>
    /// Secret query item names, lowercased.
    public let maskedQueryItems: Set<String>
    /// Secret JSON member and form field names, lowercased.
    public let maskedBodyKeys: Set<String>

    /// Creates a policy.
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

    /// The default policy, used by the logger and the recorder unless they are given another.
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
    /// if let url = URL(string: "https://ada:pw@x.dev/a?page=2&token=s3cr3t") {
    ///     print(SecretMasking.default.masked(url))  // https://ada:***@x.dev/a?page=2&token=***
    /// }
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

    /// The value to show for header `name`: itself when the header is not secret; otherwise
    /// masked, keeping an authorization scheme (`Bearer ***`) and cookie names and attributes
    /// (`session=***; Path=/`), which help a reader and are not secret.
    public func maskedValue(ofHeader name: String, value: String) -> String {
        guard isSecret(header: name) else { return value }
        let lowered = name.lowercased()
        if lowered == "cookie" || lowered == "set-cookie" { return Self.maskedCookie(value) }
        return SecretValues.maskedCredential(value)
    }

    /// `text` with the values of its secret JSON members (at any depth; a secret member's
    /// object or array is masked whole) or, when it is not JSON, of its secret form fields
    /// (`user=ada&password=***`) replaced by the mask. Text cut short is masked as far as it goes.
    ///
    /// ```swift
    /// SecretMasking.default.maskedFields(in: #"{"user":"ada","password":"pw"}"#)
    /// // {"user":"ada","password":"***"}
    /// ```
    public func maskedFields(in text: String) -> String {
        SecretFields.scan(text, masking: self).masked
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
