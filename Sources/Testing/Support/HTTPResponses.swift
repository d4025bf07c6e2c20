import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Builds the `TransportResponse` of a stubbed or replayed answer.
enum HTTPResponses {
    /// The response to `request` with `status`, `headers` and `body`, delivered as the request's
    /// kind expects: in memory, or written to a temporary file for a download.
    ///
    /// - Throws: ``StubTransportError/cannotMakeResponse(status:reason:)`` when Foundation
    ///   refuses the status or the temporary file cannot be written.
    static func make(
        for request: TransportRequest, status: Int, headers: [String: String], body: Data
    ) throws(StubTransportError) -> TransportResponse {
        let url = request.urlRequest.url ?? URL(fileURLWithPath: "/")
        guard
            let http = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)
        else {
            throw .cannotMakeResponse(status: status, reason: "HTTPURLResponse refused the status")
        }
        guard case .download = request.kind else { return TransportResponse(response: http, data: body) }
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("courier-testing-\(UUID().uuidString).download")
        do {
            try body.write(to: file)
        } catch {
            throw .cannotMakeResponse(status: status, reason: "cannot write \(file.path): \(error)")
        }
        return TransportResponse(response: http, downloadedFileURL: file)
    }

    /// The value of `name` in `headers`, compared case-insensitively.
    static func value(of name: String, in headers: [String: String]) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// `headers` with `name` set to `value` unless a header of that name (in any case) is there.
    static func adding(_ name: String, _ value: String, to headers: [String: String]) -> [String: String] {
        guard self.value(of: name, in: headers) == nil else { return headers }
        var headers = headers
        headers[name] = value
        return headers
    }

    /// The `Content-Type` a file's extension suggests: JSON for `.json`, text for `.txt`,
    /// bytes otherwise.
    static func contentType(forExtension pathExtension: String) -> String {
        switch pathExtension.lowercased() {
        case "json": "application/json"
        case "txt", "text": "text/plain; charset=utf-8"
        case "html", "htm": "text/html; charset=utf-8"
        case "xml": "application/xml"
        default: "application/octet-stream"
        }
    }
}
