import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A <doc:/Courier/Transport> that answers every request from the files a ``RecordingTransport`` wrote,
/// without touching the network.
///
/// ```swift
/// @Test func showsTheRecordedCatalog() async throws {
///     let replay = ReplayTransport(recordingsNamed: "Recordings", in: .module)
///     let model = GoodsListModel(provider: Provider(transport: replay, envelope: JSONEnvelope()))
///     await model.load()
///     #expect(model.titles.count == 20)
/// }
/// ```
///
/// A request is looked up by its method, path and query (secret values masked, so a fresh
/// token finds the recording; the host is ignored, so any base URL works):
///
/// | request                         | file                                  |
/// |---------------------------------|---------------------------------------|
/// | `GET /status/418`               | `GET_status_418.json`                 |
/// | `GET /get?token=…&page=1`       | `GET_get@page=1&token=masked.json`    |
/// | the same request, second call   | `GET_get@page=1&token=masked~2.json`  |
///
/// (Characters outside `A-Z a-z 0-9 . = & , + - _` or an `_` in the path add `~h` and a stable
/// hash.) Successive calls of the same request get `…json`, `…~2.json`, … in turn, and the last
/// one repeats. A request with no file fails with ``RecordingError/noRecording(request:file:directory:)``,
/// whose message gives the full path of the file to record. A recorded `URLError` is thrown
/// again; each replay counts calls on its own, so tests running in parallel do not interfere.
public final class ReplayTransport: Transport {
    /// Where the recordings are read from.
    public let directory: URL
    /// The masking rules the recordings were made with; they shape the file names.
    public let masking: SecretMasking
    /// Whether the recordings were made with the body in their key.
    public let keyIncludesBody: Bool

    private struct Calls {
        var count = 0
        var lastServed: Int?
    }

    private let calls = LockedState<[String: Calls]>([:])

    /// Creates a replay of the recordings in `directory`.
    ///
    /// - Parameters:
    ///   - directory: the directory a ``RecordingTransport`` wrote.
    ///   - masking: the rules used when recording; <doc:/Courier/SecretMasking/default> by default.
    ///   - keyIncludesBody: the recorder's setting; `false` by default.
    public init(directory: URL, masking: SecretMasking = .default, keyIncludesBody: Bool = false) {
        self.directory = directory
        self.masking = masking
        self.keyIncludesBody = keyIncludesBody
    }

    /// Creates a replay of the recordings in the folder `name` of `bundle`'s resources, such as
    /// a test target's `Bundle.module` with `resources: [.copy("Recordings")]`.
    ///
    /// - Parameters:
    ///   - name: the folder inside the bundle's resources.
    ///   - bundle: the bundle, usually `.module`.
    ///   - masking: the rules used when recording; <doc:/Courier/SecretMasking/default> by default.
    ///   - keyIncludesBody: the recorder's setting; `false` by default.
    public convenience init(
        recordingsNamed name: String, in bundle: Bundle, masking: SecretMasking = .default,
        keyIncludesBody: Bool = false
    ) {
        let root = bundle.resourceURL ?? bundle.bundleURL
        self.init(
            directory: root.appendingPathComponent(name), masking: masking, keyIncludesBody: keyIncludesBody)
    }

    /// The file that answers the next call of `request`, or the one to record when there is none.
    ///
    /// This does not count a call.
    public func recordingFile(for request: URLRequest) -> URL {
        let sent = SentRequest(TransportRequest(urlRequest: request))
        let key = RecordingKey(sent, masking: masking, includingBody: keyIncludesBody)
        return directory.appendingPathComponent(key.fileName(call: 1))
    }

    /// Answers `request` from its recording.
    ///
    /// - Throws: ``RecordingError/noRecording(request:file:directory:)`` when it has none, the
    ///   recorded `URLError` of a call that failed, or another ``RecordingError`` for a file that
    ///   cannot be used.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        try Task.checkCancellation()
        let sent = SentRequest(request)
        let key = RecordingKey(sent, masking: masking, includingBody: keyIncludesBody)
        let number = calls.withLock { calls -> Int in
            calls[key.description, default: Calls()].count += 1
            return calls[key.description]?.count ?? 1
        }
        guard let (file, served) = existingFile(for: key, call: number) else {
            throw RecordingError.noRecording(
                request: "\(sent.method) \(key.maskedURL)",
                file: directory.appendingPathComponent(key.fileName(call: number)).path,
                directory: directory.path)
        }
        calls.withLock { $0[key.description]?.lastServed = served }
        let recording = try Recording.read(from: file)
        if let recorded = recording.key, recorded != key.description {
            throw RecordingError.keyMismatch(file: file.path, recorded: recorded, requested: key.description)
        }
        return try recording.answer(request, file: file)
    }

    /// The file of call `number`, or of the latest earlier call that has one.
    private func existingFile(for key: RecordingKey, call number: Int) -> (URL, Int)? {
        let lastServed = calls.withLock { $0[key.description]?.lastServed }
        var candidates = [number]
        if let lastServed, lastServed < number { candidates.append(lastServed) }
        candidates += (1..<number).reversed()
        for candidate in candidates {
            let file = directory.appendingPathComponent(key.fileName(call: candidate))
            if FileManager.default.fileExists(atPath: file.path) { return (file, candidate) }
        }
        return nil
    }
}
