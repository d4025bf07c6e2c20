import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The secret values one exchange carried, and their removal from what a recording stores.
///
/// Which names are secret is ``SecretMasking``'s rule, and finding their values in every
/// spelling is ``SecretValues``'s, both shared with `NetworkLoggerPlugin`: a secret header's
/// value and its parts, secret query items, a URL's password, secret body fields of the request
/// and of the response (a login's tokens).
struct ExchangeSecrets {
    let masking: SecretMasking
    private var secrets = SecretValues()

    init(masking: SecretMasking) {
        self.masking = masking
    }

    /// Learns the secrets of `request`: secret headers, query items, URL password and body fields.
    mutating func collect(from request: SentRequest) {
        secrets.add(headers: request.headers, masking: masking)
        if let url = request.url { secrets.add(url: url, masking: masking) }
        if let body = request.body { secrets.add(body: body, masking: masking) }
    }

    /// Learns the values of the secret headers among `headers`.
    mutating func collect(headers: [String: String]) {
        secrets.add(headers: headers, masking: masking)
    }

    /// Learns the values of the secret fields of a response's `body`.
    mutating func collect(body: Data) {
        secrets.add(body: body, masking: masking)
    }

    /// `text` with every known secret replaced by the mask.
    func scrub(_ text: String) -> String {
        secrets.masked(text)
    }

    /// `text` with its secret fields (JSON or form) and every known secret masked.
    func scrubFields(_ text: String) -> String {
        secrets.masked(masking.maskedFields(in: text))
    }

    /// `json` with secret members masked and known secrets scrubbed from every string.
    func scrub(_ json: JSONValue) -> JSONValue {
        switch json {
        case .string(let text):
            return .string(scrub(text))
        case .array(let items):
            return .array(items.map(scrub))
        case .object(let members):
            var masked: [String: JSONValue] = [:]
            for (key, value) in members {
                masked[key] = masking.isSecret(bodyKey: key) ? Self.maskedMember(value) : scrub(value)
            }
            return .object(masked)
        default:
            return json
        }
    }

    /// A secret member's value: a credential keeps a known scheme (`Bearer ***`), anything
    /// else becomes `***`.
    private static func maskedMember(_ value: JSONValue) -> JSONValue {
        if case .string(let text) = value { return .string(SecretValues.maskedCredential(text)) }
        return .string(SecretMasking.mask)
    }
}
