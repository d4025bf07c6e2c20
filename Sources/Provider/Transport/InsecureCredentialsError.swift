import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A call refused because it would send credentials in clear text to another machine
/// (`ProviderOptions.allowsCredentialsOverPlainHTTP` is `false`).
///
/// A plain `http://` request is refused unless its host is loopback (judged from its spelling:
/// `127.0.0.0/8` written as an address, `::1`, `localhost`; not `*.localhost`, nor a name that
/// merely starts with `127.`) when it carries any of:
///
/// - a credential header: `Authorization`, `Proxy-Authorization`, `Cookie`, `X-API-Key`, or any
///   header whose name contains `auth`, `token`, `secret`, `password`, `session`, `api-key`,
///   `api_key` or `apikey` (`X-Auth-Token`, `X-Client-Secret`, `Api-Key`);
/// - a credential query item: `key`, `auth`, `sid`, `sig`, `signature`, `passwd`, `pwd`, or any
///   name containing `token`, `secret`, `password`, `session`, `api-key`, `api_key` or `apikey`
///   (`access_token`, `api_key`, `client_secret`, `sessionid`); names compare case-insensitively;
/// - a user or password in the URL (`http://user:pass@host`).
///
/// Cookies a `URLSession` adds from its cookie storage at send time are not seen here.
public struct InsecureCredentialsError: Error, Sendable, Equatable, LocalizedError {
    /// The host the credentials would have gone to.
    public let host: String
    /// The credential headers the request carried, by name.
    public let headers: [String]
    /// The credential query items the URL carried, by name.
    public let queryItems: [String]
    /// Whether the URL carried a user or password (`http://user:pass@host`).
    public let carriesUserInfo: Bool

    /// Header names that always carry credentials, lowercased.
    static let credentialHeaders: Set<String> = ["authorization", "proxy-authorization", "cookie", "x-api-key"]
    /// Query item names that carry credentials, lowercased.
    static let credentialQueryItems: Set<String> = ["key", "auth", "sid", "sig", "signature", "passwd", "pwd"]
    /// Parts of a name that make a header or query item a credential.
    static let credentialFragments = ["token", "secret", "password", "session", "api-key", "api_key", "apikey"]

    /// The refusal for `request`, or `nil` when it may be sent: HTTPS, loopback, or no credentials.
    init?(refusing request: URLRequest) {
        guard let url = request.url, url.scheme?.lowercased() == "http" else { return nil }
        let host = url.host ?? ""
        guard !LoopbackHost.contains(host) else { return nil }
        let headers = (request.allHTTPHeaderFields ?? [:]).keys.filter(Self.isCredentialHeader).sorted()
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        var queryItems: [String] = []
        for item in items where Self.isCredentialQueryItem(item.name) && !queryItems.contains(item.name) {
            queryItems.append(item.name)
        }
        let carriesUserInfo = url.user != nil || url.password != nil
        guard !headers.isEmpty || !queryItems.isEmpty || carriesUserInfo else { return nil }
        self.host = host
        self.headers = headers
        self.queryItems = queryItems
        self.carriesUserInfo = carriesUserInfo
    }

    static func isCredentialHeader(_ name: String) -> Bool {
        let lowercased = name.lowercased()
        return credentialHeaders.contains(lowercased) || lowercased.contains("auth") || hasFragment(lowercased)
    }

    static func isCredentialQueryItem(_ name: String) -> Bool {
        let lowercased = name.lowercased()
        return credentialQueryItems.contains(lowercased) || hasFragment(lowercased)
    }

    private static func hasFragment(_ lowercasedName: String) -> Bool {
        credentialFragments.contains { lowercasedName.contains($0) }
    }

    /// What was refused, and why; names only, never a value.
    public var errorDescription: String? {
        var what = headers
        what += queryItems.map { "the query item \($0)" }
        if carriesUserInfo { what.append("the user and password in the URL") }
        return "Refused to send \(what.joined(separator: ", ")) over plain HTTP to \(host): use https:// "
            + "or allow it with ProviderOptions.allowsCredentialsOverPlainHTTP."
    }
}
