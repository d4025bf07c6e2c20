import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a stored response is found by: the request's method and URL (its fragment dropped) and,
/// for a request that carried credentials the app lets the cache keep, a partition named by a
/// digest of them, so one user's answers are never another's.
///
/// The request headers a response's `Vary` names are compared when the entry is read
/// (``CachedEntry/matches(_:)``): one variant is kept per key, the newest, as OkHttp and
/// `URLCache` do.
struct CacheKey: Sendable, Hashable {
    /// `GET` or `HEAD`.
    let method: String
    /// The absolute URL without its fragment.
    let url: String
    /// A digest of the credential headers the request carried (``CredentialNames``); empty when none.
    let partition: String

    init(method: String, url: String, partition: String) {
        self.method = method
        self.url = url
        self.partition = partition
    }

    /// The key of `request`, or `nil` when it has no URL; `credentials` names the app's own
    /// credential headers (``ProviderOptions/credentialHeaderNames``).
    init?(_ request: URLRequest, credentials: Set<String> = []) {
        guard let url = request.url else { return nil }
        self.init(
            method: request.httpMethod ?? "GET", url: Self.normalized(url),
            partition: Self.partition(of: request, credentials: credentials))
    }

    /// `url` as keys spell it: absolute, its host by one spelling (``HostName``), without a
    /// fragment (which never reaches the server).
    static func normalized(_ url: URL) -> String {
        let text = HostName.normalizingHost(of: url).absoluteString
        guard let hash = text.firstIndex(of: "#") else { return text }
        return String(text[..<hash])
    }

    /// Whether `request` carries credentials: a header whose name is one by Courier's rule
    /// (``CredentialNames``: `Authorization`, `Cookie`, `X-API-Key`, `Proxy-Authorization`…) or
    /// one of `credentials`.
    static func hasCredentials(_ request: URLRequest, credentials: Set<String> = []) -> Bool {
        guard let fields = request.allHTTPHeaderFields, !fields.isEmpty else { return false }
        return fields.keys.contains { CredentialNames.contains($0, extra: credentials) }
    }

    /// The partition of `request`: a digest of every credential header it carries, by name and
    /// value, or empty when it has none.
    private static func partition(of request: URLRequest, credentials: Set<String>) -> String {
        guard let fields = request.allHTTPHeaderFields else { return "" }
        let carried = fields.filter { CredentialNames.contains($0.key, extra: credentials) }
            .map { "\($0.key.lowercased()): \($0.value)" }.sorted()
        guard !carried.isEmpty else { return "" }
        return String(SHA256Digest.hex("courier-cache-partition\n" + carried.joined(separator: "\n")).prefix(32))
    }

    /// The name of the entry's file: a digest of the URL, a dot, and a digest of the method and
    /// the partition. Nothing of the URL or the credentials can be read back from it, and every
    /// entry of a URL shares the first part, so a change to the URL can drop them all.
    var fileName: String {
        Self.urlDigest(url) + "." + String(SHA256Digest.hex("\(method)\n\(partition)").prefix(16))
    }

    /// The first part of the file names of `url`'s entries.
    static func urlDigest(_ url: String) -> String {
        String(SHA256Digest.hex(url).prefix(32))
    }
}
