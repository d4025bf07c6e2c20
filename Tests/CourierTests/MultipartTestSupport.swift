import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What an upload handed to the transport: the request, and the body read at send time (a
/// temporary body file is deleted once the call ends, so it is read while the call runs).
struct SentUpload: Sendable {
    var request: URLRequest
    var body: Data
    /// The file the body was streamed from, when it was one.
    var file: URL?

    /// The boundary the `Content-Type` header names.
    var boundary: String? {
        let contentType = request.value(forHTTPHeaderField: "Content-Type") ?? ""
        guard let range = contentType.range(of: "boundary=") else { return nil }
        return String(contentType[range.upperBound...])
    }

    var text: String { String(decoding: body, as: UTF8.self) }
}

/// Answers every upload with `200` and keeps what was sent.
final class UploadRecorder: Sendable {
    private let uploads = LockedState<[SentUpload]>([])

    var sent: [SentUpload] { uploads.withLock { $0 } }

    /// A transport that records each upload and answers `200 ok`.
    var transport: ScriptedTransport {
        ScriptedTransport { [self] request in
            try record(request)
            return TransportResponse(response: .make(for: request.urlRequest, status: 200), data: Data("ok".utf8))
        }
    }

    func record(_ request: TransportRequest) throws {
        let upload: SentUpload
        switch request.kind {
        case .upload(.data(let data)):
            upload = SentUpload(request: request.urlRequest, body: data)
        case .upload(.file(let url)):
            upload = SentUpload(request: request.urlRequest, body: try Data(contentsOf: url), file: url)
        case .data, .download:
            upload = SentUpload(request: request.urlRequest, body: request.urlRequest.httpBody ?? Data())
        }
        uploads.withLock { $0.append(upload) }
    }
}

/// Files for upload tests, in a folder of the test's own, removed by ``remove()``.
struct ScratchFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("courier-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes `data` to `name` in the folder.
    func file(_ name: String, _ data: Data) throws -> URL {
        let file = url.appendingPathComponent(name)
        try data.write(to: file)
        return file
    }

    /// The names in the folder and below, sorted.
    func contents() -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: url.path)
        return ((enumerator?.allObjects as? [String]) ?? []).sorted()
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

extension Data {
    /// `count` deterministic bytes: byte i is i % 251, as the scenario server's downloads.
    static func pattern(count: Int) -> Data {
        let cycle = Data((0..<251).map { UInt8($0) })
        var data = Data(capacity: count)
        while data.count < count { data.append(cycle.prefix(count - data.count)) }
        return data
    }
}

extension CourierError {
    /// The ``UploadBodyError`` a call failed with, if that is why.
    var uploadBodyError: UploadBodyError? {
        if case .underlying(let error, _) = self { return error as? UploadBodyError }
        return nil
    }
}

extension Result {
    /// The failure, if the result is one.
    var failureValue: Failure? {
        guard case .failure(let error) = self else { return nil }
        return error
    }
}
