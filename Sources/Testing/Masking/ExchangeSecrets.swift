import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The secret values one exchange carried, and their removal from what a recording stores.
///
/// It follows `NetworkLoggerPlugin`'s masker (which is internal to CourierPlugins, hence this
/// second copy of the rules): a secret header's whole value, its credential part, a Basic
/// user and password and each cookie value are secrets, and so are the values of secret query
/// items and body fields; each is searched for as is, percent-encoded and with `/` escaped.
/// Values shorter than 4 characters are masked where they stand but not searched for
/// elsewhere: replacing every `1` or `on` would protect nothing.
struct ExchangeSecrets {
    static let minimumSearchedLength = 4

    let masking: SecretMasking
    /// The values searched for, longest first so that a whole value is masked before its parts.
    private(set) var values: [String] = []

    init(masking: SecretMasking) {
        self.masking = masking
    }

    /// Learns the secrets of `request`: secret headers, query items and body fields.
    mutating func collect(from request: SentRequest) {
        collect(headers: request.headers)
        let query = request.queryItems.filter { masking.isSecret(queryItem: $0.name) }
        add(query.compactMap(\.value))
        guard let body = request.body, !body.isEmpty else { return }
        if let json = JSONValue.parse(body) {
            add(secretStrings(in: json))
        } else {
            add(SentRequest.formItems(in: body).filter { masking.isSecret(bodyKey: $0.name) }.compactMap(\.value))
        }
    }

    /// Learns the values of the secret headers among `headers`.
    mutating func collect(headers: [String: String]) {
        for (name, value) in headers where masking.isSecret(header: name) {
            add(Self.pieces(ofHeader: name.lowercased(), value: value))
        }
    }

    /// `text` with every known secret replaced by the mask.
    func scrub(_ text: String) -> String {
        var text = text
        for secret in values where text.contains(secret) {
            text = text.replacingOccurrences(of: secret, with: SecretMasking.mask)
        }
        return text
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
        if case .string(let text) = value { return .string(SecretMasking.maskedCredential(text)) }
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

    private mutating func add(_ found: [String]) {
        var added = false
        for value in found where value.count >= Self.minimumSearchedLength {
            for form in Self.forms(of: value) where !values.contains(form) {
                values.append(form)
                added = true
            }
        }
        if added { values.sort { $0.count > $1.count } }
    }

    /// The secret parts of a header value: the whole value, the credential after a scheme, the
    /// user and password of Basic credentials, and each cookie value.
    private static func pieces(ofHeader name: String, value: String) -> [String] {
        var pieces = [value]
        if name == "cookie" || name == "set-cookie" {
            for pair in value.split(whereSeparator: { $0 == ";" || $0 == "," }) {
                guard let equals = pair.firstIndex(of: "=") else { continue }
                let key = pair[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
                guard !SecretMasking.cookieAttributes.contains(key) else { continue }
                pieces.append(pair[pair.index(after: equals)...].trimmingCharacters(in: .whitespaces))
            }
        } else if let space = value.firstIndex(of: " ") {
            let scheme = value[..<space].lowercased()
            let credential = value[value.index(after: space)...].trimmingCharacters(in: .whitespaces)
            pieces.append(credential)
            if scheme == "basic", let data = Data(base64Encoded: credential),
                let decoded = String(data: data, encoding: .utf8)
            {
                pieces.append(decoded)
                if let colon = decoded.firstIndex(of: ":") {
                    pieces.append(String(decoded[decoded.index(after: colon)...]))
                }
            }
        }
        return pieces
    }

    /// The characters a URL never percent-encodes.
    private static let unreserved = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))

    /// A value as it is, percent-encoded (in a URL) and with `/` escaped (in some JSON).
    private static func forms(of value: String) -> [String] {
        var forms = [value]
        if let encoded = value.addingPercentEncoding(withAllowedCharacters: unreserved), encoded != value {
            forms.append(encoded)
        }
        let escaped = value.replacingOccurrences(of: "/", with: "\\/")
        if escaped != value { forms.append(escaped) }
        return forms
    }
}
