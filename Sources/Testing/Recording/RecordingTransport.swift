import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A <doc:/Courier/Transport> that sends every request through another transport and writes what came
/// back to a fixture file, for a ``ReplayTransport`` to serve offline later.
///
/// Record once against a real server, commit the directory, and replay it in tests:
///
/// ```swift
/// let recorder = RecordingTransport(recordingTo: URL(fileURLWithPath: "Tests/ShopTests/Recordings"),
///                                   wrapping: URLSessionTransport())
/// let provider = Provider<MallAPI>(transport: recorder, envelope: JSONEnvelope())
/// _ = try await provider.request(.goods(firstPage))   // writes POST_mallProductsInfo_getProductList.json
/// ```
///
/// - One file per call, named after the request's method, path and query (see ``ReplayTransport``
///   for the names); the host is not part of the name. A request sent again in the same
///   session is written to `…~2.json`, `…~3.json`, so a replay can answer a `401` and then a
///   `200` as the server did. Recording again overwrites the files of the requests sent.
/// - Each file holds the status, the headers and the body (JSON as JSON, other text as text,
///   bytes as base64), or the error of a failed call, and is readable by its owner only (0600).
///   Secrets are masked as <doc:/Courier/SecretMasking> describes (the logger's policy too) —
///   secret headers, query items, JSON and form fields of the request and the response, a URL's
///   password — and so are their values wherever else they appear, in every spelling.
/// - The caller gets the real, unmasked response. A file that cannot be written fails the
///   call with ``RecordingError/cannotWrite(file:reason:)``, so a recording is never silently
///   incomplete. A cancelled call is not recorded.
public final class RecordingTransport: Transport {
    /// Where the files are written.
    public let directory: URL
    /// The secrets masked in the files.
    public let masking: SecretMasking
    /// Whether the request body's fields are part of a recording's key.
    public let keyIncludesBody: Bool

    let wrapped: any Transport
    private struct State {
        var calls: [String: Int] = [:]
        var files: [URL] = []
    }

    private let state = LockedState(State())

    /// Creates a recorder.
    ///
    /// - Parameters:
    ///   - directory: where the files go; created when the first one is written.
    ///   - transport: sends the requests; a new <doc:/Courier/RoutingTransport> by default, as a provider's.
    ///   - masking: the secrets to mask; <doc:/Courier/SecretMasking/default> by default.
    ///   - keyIncludesBody: whether requests that differ only in their body (a `POST` of page 1
    ///     and of page 2) get files of their own; `false` (the default) numbers them in call
    ///     order instead. Form and JSON bodies are compared by their fields, secrets masked.
    ///     The replay must use the same setting.
    public init(
        recordingTo directory: URL, wrapping transport: any Transport = RoutingTransport(),
        masking: SecretMasking = .default, keyIncludesBody: Bool = false
    ) {
        self.directory = directory
        self.wrapped = transport
        self.masking = masking
        self.keyIncludesBody = keyIncludesBody
    }

    /// The files written so far, in the order their calls were sent; a file written twice is
    /// listed once.
    public var recordedFiles: [URL] {
        state.withLock { $0.files }
    }

    /// Sends `request` through the wrapped transport and records the answer.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        let (sent, key, file) = recordingFile(for: request)

        let response: TransportResponse
        do {
            response = try await ContentDecodingLink.send(request, over: wrapped, rule: decodingLink(for: request))
        } catch {
            if !Self.isCancellation(error) {
                try Recording(request: sent, key: key, error: error, masking: masking).write(to: file)
            }
            throw error
        }
        let body = response.downloadedFileURL.flatMap { try? Data(contentsOf: $0) } ?? response.data
        do {
            try Recording(request: sent, key: key, response: response.response, body: body, masking: masking)
                .write(to: file)
        } catch {
            if let download = response.downloadedFileURL { try? FileManager.default.removeItem(at: download) }
            throw error
        }
        return response
    }

    /// The request as recorded, its key, and the file its exchange goes to.
    func recordingFile(for request: TransportRequest) -> (SentRequest, RecordingKey, URL) {
        let sent = SentRequest(request)
        let key = RecordingKey(sent, masking: masking, includingBody: keyIncludesBody)
        let file = state.withLock { state -> URL in
            // The number is taken when the call is sent, as the replay takes it.
            state.calls[key.description, default: 0] += 1
            let file = directory.appendingPathComponent(key.fileName(call: state.calls[key.description] ?? 1))
            if !state.files.contains(file) { state.files.append(file) }
            return file
        }
        return (sent, key, file)
    }

    static func isCancellation(_ error: any Error) -> Bool {
        error is CancellationError || (error as? URLError)?.code == .cancelled
    }
}

extension RecordingTransport: HopSettingsTransport {
    /// The wrapped transport's redirect rules, so a provider over the recorder follows its
    /// redirects as it would without it (each hop recorded as its own exchange).
    package var redirectRules: RedirectRules {
        (wrapped as? any HopSettingsTransport)?.redirectRules ?? .standard
    }

    /// The wrapped transport's cookie storage, so the provider's chain keeps its cookies.
    package func cookieStorage(for request: URLRequest) -> HTTPCookieStorage? {
        (wrapped as? any HopSettingsTransport)?.cookieStorage(for: request)
    }

    /// The wrapped transport's decoding rule, which the recorder applies itself (so it states none
    /// to the chain): a recording holds the body the app read, and replays as it.
    func decodingLink(for request: TransportRequest) -> ContentDecodingRule? {
        (wrapped as? any HopSettingsTransport)?.contentDecoding(for: request)
    }
}
