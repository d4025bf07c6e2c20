import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The secret values one exchange carried, and their removal from what a recording stores.
///
/// Finding and masking the values is ``SecretValues``'s, shared with `NetworkLoggerPlugin`: a
/// secret header's whole value, its credential part, a Basic user and password and each cookie
/// value are secrets, and so are the values of secret query items and body fields; each is
/// searched for as is, percent-encoded and with `/` escaped. Which names are secret is
/// ``SecretMasking``'s rule.
struct ExchangeSecrets {
    let masking: SecretMasking
    private var secrets = SecretValues()

    init(masking: SecretMasking) {
        self.masking = masking
    }

    /// Learns the secrets of `request`: secret headers, query items and body fields.
    mutating func collect(from request: SentRequest) {
        collect(headers: request.headers)
        let query = request.queryItems.filter { masking.isSecret(queryItem: $0.name) }
        secrets.add(query.compactMap(\.value))
        guard let body = request.body, !body.isEmpty else { return }
        if let json = JSONValue.parse(body) {
            secrets.add(secretStrings(in: json))
        } else {
            secrets.add(
                SentRequest.formItems(in: body).filter { masking.isSecret(bodyKey: $0.name) }.compactMap(\.value))
        }
    }

    /// Learns the values of the secret headers among `headers`.
    mutating func collect(headers: [String: String]) {
        for (name, value) in headers where masking.isSecret(header: name) {
            secrets.add(header: name, value: value)
        }
    }

    /// `text` with every known secret replaced by the mask.
    func scrub(_ text: String) -> String {
        secrets.masked(text)
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

    /// A secret member's value: a credential keeps its scheme, anything else becomes `***`.
    private static func maskedMember(_ value: JSONValue) -> JSONValue {
        if case .string(let text) = value { return .string(SecretValues.maskedCredential(text)) }
        return .string(SecretMasking.mask)
    }

    private func secretStrings(in json: JSONValue) -> [String] {
        switch json {
        case .array(let items):
            return items.flatMap(secretStrings)
        case .object(let members):
            return members.flatMap { key, value -> [String] in
                guard masking.isSecret(bodyKey: key) else { return secretStrings(in: value) }
                if case .string(let text) = value { return [text] }
                return []
            }
        default:
            return []
        }
    }
}
