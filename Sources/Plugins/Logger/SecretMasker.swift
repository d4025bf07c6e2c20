import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Collects the secrets of one call and masks them in every line logged about it.
///
/// Which names are secret is the configuration's ``SecretMasking`` — the policy the recorder
/// uses too. A secret header is masked where it is printed, a secret query item or password in
/// a URL, a secret field in a body; and the values of all of them (and of the secret fields of
/// the response, such as a login's tokens) are masked wherever else they show up, in every
/// spelling ``SecretValues`` knows: in a body that echoes them, in an error message.
struct SecretMasker: Sendable {
    let masking: SecretMasking
    private var values = SecretValues()

    init(masking: SecretMasking) {
        self.masking = masking
    }

    /// Whether the header `name` holds a secret.
    func isSecret(header name: String) -> Bool {
        masking.isSecret(header: name)
    }

    /// Learns the secrets of `request`, whose headers are `headers`: secret headers, query
    /// items, the URL's password and secret body fields.
    mutating func collect(from request: URLRequest, headers: [String: String]) {
        collect(headers: headers)
        if let url = request.url { values.add(url: url, masking: masking) }
        if let body = request.httpBody { values.add(body: body, masking: masking) }
    }

    /// Learns the values of the secret headers among `headers`.
    mutating func collect(headers: [String: String]) {
        values.add(headers: headers, masking: masking)
    }

    /// Learns the values of the secret fields of a response's `body`.
    mutating func collect(body: Data) {
        values.add(body: body, masking: masking)
    }

    /// The value to print for header `name`: masked when the header is secret, keeping an
    /// authorization scheme (`Bearer ***`) and cookie names, which help and are not secret.
    func printableValue(ofHeader name: String, value: String) -> String {
        masking.maskedValue(ofHeader: name, value: value)
    }

    /// `url` as a line shows it: secret query items and password masked, and known secrets.
    func printable(_ url: URL?) -> String {
        guard let url else { return "-" }
        return mask(masking.masked(url).absoluteString)
    }

    /// `text` with every known secret replaced by the mask.
    func mask(_ text: String) -> String {
        values.masked(text)
    }

    /// A body's text with its secret fields and every known secret masked.
    func maskBody(_ text: String) -> String {
        values.masked(masking.maskedFields(in: text))
    }

    /// Like ``maskBody(_:)`` for text that was cut short: a trailing start of any secret is removed too.
    func maskBodyCut(_ text: String) -> String {
        values.maskedCut(masking.maskedFields(in: text))
    }
}
