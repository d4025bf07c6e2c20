import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Collects the secrets of one call and masks them in every line logged about it.
///
/// A secret header (`Authorization`, `Cookie`, …) is masked where it is printed, and its value —
/// whole, its credential part, a Basic password, each cookie value — is also masked wherever else
/// it shows up: in a URL, in a body that echoes it, in an error message. Finding and masking the
/// values is ``SecretValues``'s, shared with CourierTesting's recordings; which names are secret
/// is the logger's configuration.
struct SecretMasker: Sendable {
    private let maskedHeaders: Set<String>
    /// The lengths of the names in `maskedHeaders`: most headers are told apart by length
    /// alone, without lowercasing their names.
    private let maskedHeaderLengths: Set<Int>
    private let maskedQueryItems: Set<String>
    private var values = SecretValues()

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
        for (name, value) in headers where isSecret(header: name) {
            values.add(header: name, value: value)
        }
    }

    /// Learns the values of the secret query items of `url`.
    mutating func collect(url: URL?) {
        guard !maskedQueryItems.isEmpty, let url,
            let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems
        else { return }
        values.add(items.compactMap { maskedQueryItems.contains($0.name.lowercased()) ? $0.value : nil })
    }

    /// The value to print for header `name`: masked when the header is secret, keeping an
    /// authorization scheme (`Bearer ***`) because it helps and is not secret.
    func printableValue(ofHeader name: String, value: String) -> String {
        isSecret(header: name) ? SecretValues.maskedCredential(value) : value
    }

    /// `text` with every known secret replaced by the mask.
    func mask(_ text: String) -> String {
        values.masked(text)
    }

    /// Like ``mask(_:)`` for text that was cut short: a trailing start of any secret is removed too.
    func maskCut(_ text: String) -> String {
        values.maskedCut(text)
    }
}
