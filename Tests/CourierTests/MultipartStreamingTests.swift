import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Large bodies are streamed from disk: a multipart body over 10 MB goes through a temporary
/// file written in chunks and deleted whatever the outcome; `.uploadFile` streams its own file.
@Suite("Multipart and file uploads from disk")
struct MultipartStreamingTests {
    /// Just over the 10 MB in-memory limit.
    private static let largeSize = Int(MultipartFormDataEncoder.memoryThreshold) + 1024

    @Test("a body over 10 MB is streamed from a temporary file, deleted after the call")
    func largeBodyGoesThroughTemporaryFile() async throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let video = try folder.file("clip.mp4", .pattern(count: Self.largeSize))
        let recorder = UploadRecorder()
        let provider = Provider<CoreTestTarget>(transport: recorder.transport)
        let parts = [
            MultipartFormBodyPart(provider: .data(Data("Trip".utf8)), name: "title"),
            MultipartFormBodyPart(provider: .file(video), name: "video"),
        ]
        _ = try await provider.request(CoreTestTarget(method: .post, task: .uploadMultipart(parts)))

        let upload = try #require(recorder.sent.first)
        let file = try #require(upload.file, "the transport streams the body from a file")
        #expect(file != video)
        #expect(!FileManager.default.fileExists(atPath: file.path), "the temporary body is deleted")
        #expect(FileManager.default.fileExists(atPath: video.path), "the app's file stays")
        let boundary = try #require(upload.boundary)
        #expect(upload.body == (try MultipartFormDataEncoder.encode(parts, boundary: boundary)))
    }

    @Test("the temporary body is deleted when the transport fails")
    func deletedOnFailure() async throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let big = try folder.file("big.bin", .pattern(count: Self.largeSize))
        let seen = LockedState<URL?>(nil)
        let transport = ScriptedTransport { request in
            if case .upload(.file(let url)) = request.kind { seen.withLock { $0 = url } }
            throw URLError(.networkConnectionLost)
        }
        let provider = Provider<CoreTestTarget>(transport: transport)
        let target = CoreTestTarget(
            method: .post, task: .uploadMultipart([MultipartFormBodyPart(provider: .file(big), name: "f")]))
        await #expect(throws: CourierError.self) { _ = try await provider.request(target) }
        let file = try #require(seen.withLock { $0 })
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test("the temporary body is deleted when the call is cancelled mid-upload")
    func deletedOnCancellation() async throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let big = try folder.file("big.bin", .pattern(count: Self.largeSize))
        let (started, startedContinuation) = AsyncStream.makeStream(of: URL.self)
        let transport = ScriptedTransport { request in
            guard case .upload(.file(let url)) = request.kind else { throw MarkerError(name: "not a file upload") }
            startedContinuation.yield(url)
            try await Task.sleep(for: .seconds(30))
            throw MarkerError(name: "not cancelled")
        }
        let provider = Provider<CoreTestTarget>(transport: transport)
        let target = CoreTestTarget(
            method: .post, task: .uploadMultipart([MultipartFormBodyPart(provider: .file(big), name: "f")]))
        let call = Task { try await provider.request(target) }
        let file = try #require(await started.nextElement())
        #expect(FileManager.default.fileExists(atPath: file.path))
        call.cancel()
        let result = await call.result
        #expect((result.failureValue as? CourierError)?.isCancelled == true)
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test("uploadFile streams the app's own file, typed by its extension, and leaves it in place")
    func uploadFile() async throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let file = try folder.file("report.csv", Data("a,b\r\n1,2\r\n".utf8))
        let recorder = UploadRecorder()
        let provider = Provider<CoreTestTarget>(transport: recorder.transport)
        _ = try await provider.request(CoreTestTarget(method: .put, task: .uploadFile(file)))
        let upload = try #require(recorder.sent.first)
        #expect(upload.file == file)
        #expect(upload.body == Data("a,b\r\n1,2\r\n".utf8))
        #expect(upload.request.value(forHTTPHeaderField: "Content-Type") == "text/csv")
        #expect(FileManager.default.fileExists(atPath: file.path))

        let typed = CoreTestTarget(method: .put, task: .uploadFile(file), headers: ["Content-Type": "text/plain"])
        _ = try await provider.request(typed)
        #expect(recorder.sent.last?.request.value(forHTTPHeaderField: "Content-Type") == "text/plain")
    }

    @Test("a missing file, or a folder, fails before sending with the file's path")
    func unreadableFiles() async throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let missing = folder.url.appendingPathComponent("missing.jpg")
        let recorder = UploadRecorder()
        let provider = Provider<CoreTestTarget>(transport: recorder.transport)
        let tasks: [(RequestTask, URL)] = [
            (.uploadFile(missing), missing),
            (.uploadFile(folder.url), folder.url),
            (.uploadMultipart([MultipartFormBodyPart(provider: .file(missing), name: "f")]), missing),
        ]
        for (task, url) in tasks {
            do {
                _ = try await provider.request(CoreTestTarget(method: .post, task: task))
                Issue.record("expected a failure for \(task)")
            } catch {
                guard case .unreadableFile(let failed, _)? = (error as? CourierError)?.uploadBodyError else {
                    Issue.record("expected unreadableFile, got \(error)")
                    continue
                }
                #expect(failed == url)
                #expect((error as? CourierError)?.errorDescription?.contains(url.path) == true)
            }
        }
        #expect(recorder.sent.isEmpty)
    }

    @Test("the encoder reads a file part in chunks of at most 1 MB and knows the body's size beforehand")
    func chunks() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let file = try folder.file("three.bin", .pattern(count: 3 * MultipartFormDataEncoder.chunkSize + 5))
        let parts = [
            MultipartFormBodyPart(provider: .data(Data("a".utf8)), name: "a"),
            MultipartFormBodyPart(provider: .file(file), name: "f"),
        ]
        var pieces: [Int] = []
        var streamed = Data()
        let sink: (Data) -> Void = { piece in
            pieces.append(piece.count)
            streamed.append(piece)
        }
        try MultipartFormDataEncoder.write(parts, boundary: "b0undary", isCancelled: { false }, to: sink)
        #expect(pieces.max() == MultipartFormDataEncoder.chunkSize)
        #expect(streamed == (try MultipartFormDataEncoder.encode(parts, boundary: "b0undary")))
        #expect(Int64(streamed.count) == (try MultipartFormDataEncoder.contentLength(of: parts, boundary: "b0undary")))
    }

    @Test("the encoder stops between chunks once cancelled")
    func stopsWhenCancelled() throws {
        let folder = try ScratchFolder()
        defer { folder.remove() }
        let file = try folder.file("three.bin", .pattern(count: 3 * MultipartFormDataEncoder.chunkSize))
        var written = 0
        #expect(throws: CancellationError.self) {
            try MultipartFormDataEncoder.write(
                [MultipartFormBodyPart(provider: .file(file), name: "f")], boundary: "b",
                isCancelled: { written > MultipartFormDataEncoder.chunkSize }, to: { written += $0.count })
        }
        #expect(written < 3 * MultipartFormDataEncoder.chunkSize)
    }

    @Test("boundaries are parsed from Content-Type, quoted or not")
    func parsesBoundary() {
        #expect(MultipartFormDataEncoder.boundary(fromContentType: "multipart/form-data; boundary=abc") == "abc")
        #expect(MultipartFormDataEncoder.boundary(fromContentType: "multipart/form-data;Boundary=\"a b\"") == "a b")
        #expect(MultipartFormDataEncoder.boundary(fromContentType: "multipart/form-data") == nil)
        #expect(MultipartFormDataEncoder.boundary(fromContentType: "multipart/form-data; boundary=") == nil)
        #expect(MultipartFormDataEncoder.boundary(fromContentType: nil) == nil)
    }
}
