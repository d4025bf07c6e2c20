import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One recorded exchange as its file stores it: pretty-printed JSON, keys sorted.
///
/// ```json
/// {
///   "key" : "GET /get?page=1&token=***",
///   "request" : { "method" : "GET", "url" : "http://127.0.0.1:8080/get?page=1&token=***" },
///   "response" : {
///     "body" : { "args" : { "page" : "1", "token" : "***" } },
///     "headers" : { "Content-Type" : "application/json" },
///     "status" : 200
///   }
/// }
/// ```
///
/// A JSON body is stored as JSON (`body`), so it reads and edits well and is served back with
/// the same meaning; other text as `bodyText`, bytes as `bodyBase64`. A failed call stores
/// `failure` instead of `response`. The request's body is kept (masked) for the reader only.
/// Only `response.status` is required in a hand-written file.
struct Recording: Codable, Sendable {
    /// What was sent, for a reader: a replay finds a recording by its file name and `key`.
    struct Request: Codable, Sendable {
        var method: String
        var url: String
        var body: JSONValue?
        var bodyText: String?
    }

    struct Reply: Codable, Sendable {
        var status: Int
        var headers: [String: String]?
        var body: JSONValue?
        var bodyText: String?
        var bodyBase64: String?
    }

    struct Failure: Codable, Sendable {
        var description: String
        var urlErrorCode: Int?
    }

    var key: String?
    var request: Request?
    var response: Reply?
    var failure: Failure?

    /// Headers that describe the transfer rather than the body: URLSession has already undone
    /// them, and a replay sets its own `Content-Length`.
    static let transferHeaders: Set<String> = [
        "content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive",
    ]

    /// The largest request body kept for the reader; an upload is not worth its copy.
    static let requestBodyLimit = 16_384

    /// The recording of `request` answered with `response` and `body`, secrets masked.
    init(request: SentRequest, key: RecordingKey, response: HTTPURLResponse, body: Data, masking: SecretMasking) {
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            guard let name = name as? String, !Self.transferHeaders.contains(name.lowercased()) else { continue }
            headers[name] = "\(value)"
        }
        var secrets = ExchangeSecrets(masking: masking)
        secrets.collect(from: request)
        secrets.collect(headers: headers)
        // A login's tokens come in the response: they are masked wherever else they appear too.
        secrets.collect(body: body)
        self.init(request: request, key: key, secrets: secrets)

        var reply = Reply(status: response.statusCode)
        reply.headers = headers.reduce(into: [:]) { masked, header in
            masked[header.key] = secrets.scrub(masking.maskedValue(ofHeader: header.key, value: header.value))
        }
        let contentType = HTTPResponses.value(of: "Content-Type", in: headers)?.lowercased() ?? ""
        if body.isEmpty {
            // No body field at all.
        } else if contentType.contains("json"), let json = JSONValue.parse(body) {
            reply.body = secrets.scrub(json)
        } else if let text = String(data: body, encoding: .utf8) {
            reply.bodyText = secrets.scrubFields(text)
        } else {
            reply.bodyBase64 = body.base64EncodedString()
        }
        self.response = reply
    }

    /// The recording of `request` failing with `error`, secrets masked.
    init(request: SentRequest, key: RecordingKey, error: any Error, masking: SecretMasking) {
        var secrets = ExchangeSecrets(masking: masking)
        secrets.collect(from: request)
        self.init(request: request, key: key, secrets: secrets)
        failure = Failure(
            description: secrets.scrub(error.localizedDescription), urlErrorCode: (error as? URLError)?.code.rawValue)
    }

    private init(request: SentRequest, key: RecordingKey, secrets: ExchangeSecrets) {
        self.key = key.description
        var sent = Request(method: request.method, url: secrets.scrub(key.maskedURL))
        if let body = request.body, body.count > Self.requestBodyLimit {
            sent.bodyText = "(\(body.count) bytes, not kept)"
        } else if let body = request.body, !body.isEmpty {
            if let json = JSONValue.parse(body) {
                sent.body = secrets.scrub(json)
            } else if let text = String(data: body, encoding: .utf8) {
                sent.bodyText = secrets.scrubFields(text)
            }
        }
        self.request = sent
    }

    /// Writes the recording to `file`, readable by its owner only, creating its directory (and any
    /// folder above it that is missing) for its owner only too: a file's mode does not stop others
    /// from listing the folder, whose file names carry the calls' paths and query items.
    func write(to file: URL) throws(RecordingError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            var data = try encoder.encode(self)
            data.append(0x0A)
            try OwnerOnlyFile.write(data, to: file)
        } catch {
            throw .cannotWrite(file: file.path, reason: error.localizedDescription)
        }
    }

    /// The recording in `file`.
    static func read(from file: URL) throws(RecordingError) -> Recording {
        do {
            return try JSONDecoder().decode(Recording.self, from: Data(contentsOf: file))
        } catch {
            throw .unreadable(file: file.path, reason: "\(error)")
        }
    }

    /// Answers `request` as recorded: the response, or the recorded failure thrown again.
    func answer(_ request: TransportRequest, file: URL) throws -> TransportResponse {
        if let failure {
            if let code = failure.urlErrorCode {
                // Failable on Linux, not on Apple platforms: the annotation works with both.
                let parsed: URLError.Code? = URLError.Code(rawValue: code)
                throw URLError(parsed ?? .unknown)
            }
            throw RecordingError.recordedFailure(file: file.path, description: failure.description)
        }
        guard let response else {
            throw RecordingError.unreadable(file: file.path, reason: "it has neither \"response\" nor \"failure\"")
        }
        var body = Data()
        if let json = response.body {
            body = json.prettyData
        } else if let text = response.bodyText {
            body = Data(text.utf8)
        } else if let base64 = response.bodyBase64 {
            guard let data = Data(base64Encoded: base64) else {
                throw RecordingError.unreadable(file: file.path, reason: "\"bodyBase64\" is not base64")
            }
            body = data
        }
        var headers = (response.headers ?? [:]).filter { !Self.transferHeaders.contains($0.key.lowercased()) }
        headers["Content-Length"] = String(body.count)
        return try HTTPResponses.make(for: request, status: response.status, headers: headers, body: body)
    }
}
