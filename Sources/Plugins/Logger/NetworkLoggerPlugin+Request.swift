import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension NetworkLoggerPlugin {
    /// The lines logged when `request` is sent, as ``LogOptions`` ask.
    func requestLines(
        for request: URLRequest, headers: [String: String], target: any TargetType, masker: SecretMasker
    ) -> [String] {
        let options = configuration.logOptions
        if options.contains(.formatRequestAscURL) {
            return curlLines(for: request, headers: headers, target: target, masker: masker)
        }
        var lines = [line("Request", masker.printable(request.url), target)]
        if options.contains(.requestHeaders) {
            let text = Self.sorted(headers).map {
                "\"\($0.key)\": \"\(masker.printableValue(ofHeader: $0.key, value: $0.value))\""
            }
            lines.append(line("Request Headers", masker.mask("[" + text.joined(separator: ", ") + "]"), target))
        }
        if options.contains(.requestBody), let message = requestBodyMessage(for: request, masker: masker) {
            lines.append(line("Request Body", message, target))
        }
        if options.contains(.requestMethod) {
            lines.append(line("HTTP Request Method", request.httpMethod ?? "GET", target))
        }
        return lines
    }

    /// `headers` sorted by name whatever its case.
    static func sorted(_ headers: [String: String]) -> [(key: String, value: String)] {
        guard headers.count > 1 else { return Array(headers) }
        return headers.map { (sortKey: $0.key.lowercased(), header: $0) }.sorted { $0.sortKey < $1.sortKey }.map(
            \.header)
    }

    private func requestBodyMessage(for request: URLRequest, masker: SecretMasker) -> String? {
        if let body = request.httpBody {
            return bodyMessage(
                body, contentType: request.value(forHTTPHeaderField: "Content-Type"),
                format: configuration.formatter.requestData, masker: masker)
        }
        return request.httpBodyStream == nil ? nil : "(streamed body)"
    }

    /// The request as a `curl` command; a body that had to be cut or summarised gets a note of
    /// its own, since the command then does not send all of it.
    private func curlLines(
        for request: URLRequest, headers: [String: String], target: any TargetType, masker: SecretMasker
    ) -> [String] {
        var argument: String?
        var note: String?
        if let body = request.httpBody, !body.isEmpty {
            let contentType = request.value(forHTTPHeaderField: "Content-Type")
            switch BodyDescriber(limit: configuration.bodyLimit).describe(body, contentType: contentType) {
            case .empty:
                break
            case .binary(let summary):
                note = summary + " not included in the command"
            case .text(let shown, let cutBytes):
                let text = String(decoding: shown, as: UTF8.self)
                argument = cutBytes > 0 ? masker.maskBodyCut(text) : masker.maskBody(text)
                if cutBytes > 0 {
                    note =
                        "the command sends only the first \(shown.count) bytes "
                        + BodyDescriber.cutNote(shown: shown.count, cut: cutBytes)
                }
            }
        }
        let command = CURLFormatter.command(
            for: request, url: masker.printable(request.url), headers: headers,
            headerValue: { masker.mask(masker.printableValue(ofHeader: $0, value: $1)) },
            body: argument.map(masker.mask))
        var lines = [line("Request", command, target, escaped: true)]
        if let note { lines.append(line("Request Body", note, target)) }
        return lines
    }
}
