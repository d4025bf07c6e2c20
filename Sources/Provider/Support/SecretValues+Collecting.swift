import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension SecretValues {
    /// Adds the secret parts of each header of `headers` that `masking` calls secret.
    ///
    /// - Parameters:
    ///   - headers: the headers of a request or a response.
    ///   - masking: which names are secret; ``SecretMasking/default`` by default.
    public mutating func add(headers: [String: String], masking: SecretMasking = .default) {
        for (name, value) in headers where masking.isSecret(header: name) {
            add(header: name, value: value)
        }
    }

    /// Adds the values of the secret query items of `url`, and its password (alone and with
    /// its user, as Basic credentials spell them).
    ///
    /// - Parameters:
    ///   - url: the URL of a request.
    ///   - masking: which names are secret; ``SecretMasking/default`` by default.
    public mutating func add(url: URL, masking: SecretMasking = .default) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return }
        var found: [String] = []
        if let password = components.password {
            found += [password, "\(components.user ?? ""):\(password)"]
            if let encoded = components.percentEncodedPassword { found.append(encoded) }
        }
        for item in components.queryItems ?? [] where masking.isSecret(queryItem: item.name) {
            if let value = item.value { found.append(value) }
        }
        add(found)
    }

    /// Adds the values of the secret fields of `body`: JSON members at any depth, or the fields
    /// of a form. A body that is neither adds nothing.
    ///
    /// - Parameters:
    ///   - body: a request's or a response's body; only its first `limit` bytes are read.
    ///   - masking: which names are secret; ``SecretMasking/default`` by default.
    ///   - limit: the most bytes read; 65,536 by default, so that a large body costs little.
    public mutating func add(body: Data, masking: SecretMasking = .default, limit: Int = 65_536) {
        guard !body.isEmpty else { return }
        let text = String(decoding: body.prefix(max(0, limit)), as: UTF8.self)
        add(SecretFields.scan(text, masking: masking).values)
    }
}
