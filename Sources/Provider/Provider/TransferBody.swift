import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A call's body made ready for the transport: how it is sent, and the temporary file (a large
/// multipart body) to delete once the transport is done with it.
struct TransferBody: Sendable {
    /// The request to send; a multipart request always names its boundary in `Content-Type`.
    var request: URLRequest
    /// How the body is sent and the response received.
    var kind: TransportRequest.Kind
    /// The temporary file holding a large multipart body, deleted by ``discard()``.
    var temporaryFile: URL?

    /// Deletes the temporary file, if there is one.
    func discard() {
        if let temporaryFile { try? FileManager.default.removeItem(at: temporaryFile) }
    }

    /// The body of a task that needs no waiting (anything but a multipart upload), made without
    /// an async step; `nil` for a multipart upload, which ``prepare(for:request:memoryThreshold:)``
    /// makes.
    ///
    /// - Throws: ``UploadBodyError`` when an upload's file cannot be read.
    static func ready(for task: RequestTask, request: URLRequest) throws -> TransferBody? {
        switch task {
        case .uploadMultipart, .uploadCompositeMultipart: nil
        case .uploadFile(let url): try uploadFile(url, request: request)
        case .downloadDestination, .downloadParameters: TransferBody(request: request, kind: .download)
        default: TransferBody(request: request, kind: .data)
        }
    }

    /// The body of `task` for `request`.
    ///
    /// `.uploadFile` is streamed from its file, with a `Content-Type` from the file's extension
    /// (`application/octet-stream` when unknown) unless the target set one: transports
    /// otherwise differ, and some send `application/x-www-form-urlencoded`, which makes servers
    /// parse the file as a form. A multipart body whose size is at most
    /// `memoryThreshold` is encoded in memory; a larger one is written to a temporary file in
    /// chunks (off the Swift concurrency pool) and streamed from there.
    ///
    /// - Throws: ``UploadBodyError`` or `CancellationError`.
    static func prepare(
        for task: RequestTask, request: URLRequest,
        memoryThreshold: Int64 = MultipartFormDataEncoder.memoryThreshold
    ) async throws -> TransferBody {
        switch task {
        case .uploadMultipart(let parts), .uploadCompositeMultipart(let parts, _):
            return try await multipart(parts, request: request, memoryThreshold: memoryThreshold)
        default:
            // Every other task is ready at once.
            return try ready(for: task, request: request) ?? TransferBody(request: request, kind: .data)
        }
    }

    private static func uploadFile(_ url: URL, request: URLRequest) throws -> TransferBody {
        // The transport's own error for a missing file is an opaque URLError; this one says which file.
        _ = try MultipartFormDataEncoder.fileSize(of: url)
        var request = request
        if request.value(forHTTPHeaderField: "Content-Type") == nil {
            request.setValue(MultipartMIMEType.forFileName(url.lastPathComponent), forHTTPHeaderField: "Content-Type")
        }
        return TransferBody(request: request, kind: .upload(.file(url)))
    }

    private static func multipart(
        _ parts: [MultipartFormBodyPart], request: URLRequest, memoryThreshold: Int64
    ) async throws -> TransferBody {
        var request = request
        let contentType = request.value(forHTTPHeaderField: "Content-Type")
        let boundary: String
        if let named = MultipartFormDataEncoder.boundary(fromContentType: contentType) {
            boundary = named
        } else {
            // No boundary in the header (an app set a bare type): the server must learn it.
            boundary = MultipartFormDataEncoder.makeBoundary()
            let type = contentType?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) }
            let multipartType = type.flatMap { $0.lowercased().hasPrefix("multipart/") ? $0 : nil }
            request.setValue(
                "\(multipartType ?? "multipart/form-data"); boundary=\(boundary)", forHTTPHeaderField: "Content-Type")
        }
        if try MultipartFormDataEncoder.contentLength(of: parts, boundary: boundary) <= memoryThreshold {
            let body = try MultipartFormDataEncoder.encode(parts, boundary: boundary)
            return TransferBody(request: request, kind: .upload(.data(body)))
        }
        let file = try await writeTemporaryFile(parts, boundary: boundary)
        return TransferBody(request: request, kind: .upload(.file(file)), temporaryFile: file)
    }

    /// Writes the body to a new temporary file on a thread of its own (``BlockingQueue``), so a
    /// body of hundreds of megabytes does not hold a concurrency thread; cancelling the task stops
    /// it between chunks.
    private static func writeTemporaryFile(_ parts: [MultipartFormBodyPart], boundary: String) async throws -> URL {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("courier-multipart-\(UUID().uuidString).tmp")
        let flag = CancellationFlag()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<URL, any Error>) in
                BlockingQueue.detach {
                    continuation.resume(
                        with: Result {
                            try write(parts, boundary: boundary, to: file, isCancelled: flag.isSet)
                            return file
                        })
                }
            }
        } onCancel: {
            flag.set()
        }
    }

    private static func write(
        _ parts: [MultipartFormBodyPart], boundary: String, to file: URL, isCancelled: () -> Bool
    ) throws {
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
            throw UploadBodyError.temporaryFileFailed(reason: "cannot create \(file.path)")
        }
        do {
            let output = try FileHandle(forWritingTo: file)
            defer { try? output.close() }
            let sink: (Data) throws -> Void = { chunk in
                do {
                    try output.write(contentsOf: chunk)
                } catch {
                    throw UploadBodyError.temporaryFileFailed(reason: error.localizedDescription)
                }
            }
            try MultipartFormDataEncoder.write(parts, boundary: boundary, isCancelled: isCancelled, to: sink)
        } catch {
            try? FileManager.default.removeItem(at: file)
            throw error
        }
    }
}

/// Set once when a task is cancelled; read by work running outside Swift concurrency.
private final class CancellationFlag: Sendable {
    private let value = Atomic<Bool>(false)

    func set() { value.store(true, ordering: .relaxed) }
    func isSet() -> Bool { value.load(ordering: .relaxed) }
}
