import Foundation

/// Which headers, query items, JSON members and form fields hold secrets: the one policy that
/// `NetworkLoggerPlugin` masks its lines with and CourierTesting's recorder its files.
///
/// A secret value becomes `***` where its name is printed (an authorization scheme is kept:
/// `Bearer ***`; cookie names are kept: `session=***; Path=/`), and ``SecretValues`` finds the
/// same value wherever else it is echoed, in every spelling Courier's encoders write.
///
/// One rule says which names are secret, the same for a header, a query item, a JSON member (at
/// any depth) and a form field, compared case-insensitively, so that a credential a server echoes
/// from one place into another (a header into a body) is masked in both:
///
/// - the names of ``defaultMaskedNames``: `Authorization`, `Proxy-Authorization`, `Cookie`,
///   `Set-Cookie`, `cookies`, `X-API-Key`, `API-Key`, `key`, `api_key`, `apikey`, `access_token`,
///   `refresh_token`, `id_token`, `token`, `auth`, `password`, `passwd`, `pwd`, `secret`,
///   `client_secret`, `signature`, `sig`, `session`, `sessionid`, `sid`;
/// - any name that contains `token`, `secret`, `password`, `passwd`, `signature`, `api_key`,
///   `api-key`, `apikey`, `session`, `sessid`, `csrf` or `xsrf` (`X-Auth-Token`, `X-Session-Id`,
///   `X-CSRF-Token`, `PHPSESSID`, `newPassword`);
/// - any name with the word `auth` or `oauth`, or a word starting with `authoriz` (`X-Auth-User`,
///   `authToken`), but not `author`;
/// - and the names an app adds, in whichever of the three sets it adds them.
///
/// The same rule decides which headers and query items a plain-HTTP call must not carry
/// (`ProviderOptions.allowsCredentialsOverPlainHTTP`).
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

    /// The names masked by default in every place, lowercased: the names of keys, tokens,
    /// passwords, sessions, signatures and cookies, and the always-masked headers.
    public static let defaultMaskedNames: Set<String> = CredentialNames.names.union(alwaysMaskedHeaders)

    /// Query item names masked by default: ``defaultMaskedNames``, as every place has one list.
    public static let defaultMaskedQueryItems: Set<String> = defaultMaskedNames

    /// JSON member and form field names masked by default: ``defaultMaskedNames``, as every
    /// place has one list.
    public static let defaultMaskedBodyKeys: Set<String> = defaultMaskedNames

    /// Header names given as secret, lowercased; always includes ``alwaysMaskedHeaders``. They are
    /// secret in every place, as the names of the two other sets are.
    public let maskedHeaders: Set<String>
    /// Query item names given as secret, lowercased; secret in every place.
    public let maskedQueryItems: Set<String>
    /// JSON member and form field names given as secret, lowercased; secret in every place.
    public let maskedBodyKeys: Set<String>
    /// The names of the three sets: one list, whatever the place.
    private let names: Set<String>

    /// Creates a policy. A name given in any of the sets is secret in every place; a default name
    /// stops being secret only when it is left out of both `maskedQueryItems` and `maskedBodyKeys`
    /// and the rule's fragments and words do not match it.
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
        names = self.maskedHeaders.union(self.maskedQueryItems).union(self.maskedBodyKeys)
    }

    /// The default policy, used by the logger and the recorder unless they are given another.
    public static let `default` = SecretMasking()

    /// Whether the header `name` holds a secret.
    public func isSecret(header name: String) -> Bool {
        isSecret(name)
    }

    /// Whether the query item `name` holds a secret.
    public func isSecret(queryItem name: String) -> Bool {
        isSecret(name)
    }

    /// Whether the JSON member or form field `name` holds a secret.
    public func isSecret(bodyKey name: String) -> Bool {
        isSecret(name)
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

    /// The one rule, whatever the place: a name given, or one ``CredentialNames`` recognises.
    private func isSecret(_ name: String) -> Bool {
        names.contains(name.lowercased()) || CredentialNames.contains(name)
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
