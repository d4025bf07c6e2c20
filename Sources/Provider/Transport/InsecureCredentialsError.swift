import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A call refused because it would send credentials in clear text to another machine
/// (`ProviderOptions.allowsCredentialsOverPlainHTTP` is `false`).
public struct InsecureCredentialsError: Error, Sendable, Equatable, LocalizedError {
    /// The host the credentials would have gone to.
    public let host: String
    /// The credential headers the request carried.
    public let headers: [String]

    /// Headers that carry credentials.
    static let credentialHeaders = ["Authorization", "Proxy-Authorization", "Cookie"]

    /// The refusal for `request`, or `nil` when it may be sent: HTTPS, loopback, or no credentials.
    init?(refusing request: URLRequest) {
        guard let url = request.url, url.scheme?.lowercased() == "http" else { return nil }
        let host = url.host ?? ""
        guard !Self.isLoopback(host) else { return nil }
        let present = Self.credentialHeaders.filter { request.value(forHTTPHeaderField: $0) != nil }
        guard !present.isEmpty else { return nil }
        self.host = host
        self.headers = present
    }

    static func isLoopback(_ host: String) -> Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        return bare == "localhost" || bare == "::1" || bare.hasPrefix("127.")
    }

    /// What was refused, and why.
    public var errorDescription: String? {
        "Refused to send \(headers.joined(separator: ", ")) over plain HTTP to \(host): use https:// "
            + "or allow it with ProviderOptions.allowsCredentialsOverPlainHTTP."
    }
}
