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
/// - a header or a query item whose name looks like a credential, by the one rule masking uses
///   too (``SecretMasking``, without the names an app adds there): `Authorization`, `Cookie`,
///   `X-API-Key`, `key`, `sid`, `sig`, or a name containing `token`, `secret`, `password`,
///   `session`, `csrf` or `api_key` (`X-Auth-Token`, `X-Session-Id`, `client_secret`), or with
///   the word `auth` (`X-Auth-User`); names compare case-insensitively;
/// - a user or password in the URL (`http://user:pass@host`).
///
/// The provider's chain adds cookies from the transport's cookie storage to each hop (redirects
/// included): they are credentials too, so a plain `http://` hop to a host other than loopback that
/// would carry stored cookies fails with this error, naming `Cookie`, before anything is sent.
public struct InsecureCredentialsError: Error, Sendable, Equatable, LocalizedError {
    /// The host the credentials would have gone to.
    public let host: String
    /// The credential headers the request carried, by name.
    public let headers: [String]
    /// The credential query items the URL carried, by name.
    public let queryItems: [String]
    /// Whether the URL carried a user or password (`http://user:pass@host`).
    public let carriesUserInfo: Bool

    /// The refusal for `request`, or `nil` when it may be sent: HTTPS, loopback, or no credentials
    /// (by Courier's rule, ``CredentialNames``, or among the app's own header names, `credentials`).
    init?(refusing request: URLRequest, credentials: Set<String> = []) {
        guard let url = request.url, url.scheme?.lowercased() == "http" else { return nil }
        let host = url.host ?? ""
        guard !LoopbackHost.contains(host) else { return nil }
        let headers = (request.allHTTPHeaderFields ?? [:]).keys.filter {
            CredentialNames.contains($0, extra: credentials)
        }
        .sorted()
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        var queryItems: [String] = []
        for item in items where CredentialNames.contains(item.name) && !queryItems.contains(item.name) {
            queryItems.append(item.name)
        }
        let carriesUserInfo = url.user != nil || url.password != nil
        guard !headers.isEmpty || !queryItems.isEmpty || carriesUserInfo else { return nil }
        self.host = host
        self.headers = headers
        self.queryItems = queryItems
        self.carriesUserInfo = carriesUserInfo
    }

    /// The refusal of a hop to `host` that would carry cookies from the cookie storage.
    init(storedCookiesTo host: String) {
        self.host = host
        headers = ["Cookie"]
        queryItems = []
        carriesUserInfo = false
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
