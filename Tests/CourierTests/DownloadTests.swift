import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where a download lands: the destination on success (folders created, an existing file
/// replaced), nowhere on failure; stubbed downloads behave the same way.
@Suite("Downloads")
struct DownloadTests {
    private let folder: ScratchFolder

    init() throws {
        folder = try ScratchFolder()
    }

    /// A transport that answers every download with `status`, writing `body` to a temporary
    /// file as URLSessionTransport does, and remembers that file.
    private final class DownloadingTransport: Transport {
        let status: Int
        let body: Data
        let headers: [String: String]
        let files = LockedState<[URL]>([])

        init(status: Int = 200, body: Data, headers: [String: String] = ["Content-Type": "application/pdf"]) {
            self.status = status
            self.body = body
            self.headers = headers
        }

        func send(_ request: TransportRequest) async throws -> TransportResponse {
            guard case .download = request.kind else { throw MarkerError(name: "not a download") }
            let file = FileManager.default.temporaryDirectory
                .appendingPathComponent("courier-test-download-\(UUID().uuidString)")
            try body.write(to: file)
            files.withLock { $0.append(file) }
            let response = HTTPURLResponse.make(for: request.urlRequest, status: status, headers: headers)
            return TransportResponse(response: response, downloadedFileURL: file)
        }

        var temporaryFilesLeft: Bool {
            files.withLock { $0 }.contains { FileManager.default.fileExists(atPath: $0.path) }
        }
    }

    private func destination(_ path: String) -> (url: URL, closure: DownloadDestination) {
        let url = folder.url.appendingPathComponent(path)
        return (url, { _, _ in url })
    }

    @Test("a 2xx body moves to the destination, folders created; the response has status, headers and fileURL")
    func movesToDestination() async throws {
        defer { folder.remove() }
        let transport = DownloadingTransport(body: Data("%PDF-1.7".utf8))
        let (url, closure) = destination("reports/2024/q1.pdf")
        let provider = Provider<CoreTestTarget>(transport: transport)
        let response = try await provider.request(CoreTestTarget(task: .downloadDestination(closure)))
        #expect(response.statusCode == 200)
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/pdf")
        #expect(response.fileURL == url)
        #expect(response.data.isEmpty)
        #expect(try Data(contentsOf: url) == Data("%PDF-1.7".utf8))
        #expect(!transport.temporaryFilesLeft)
        #expect(folder.contents() == ["reports", "reports/2024", "reports/2024/q1.pdf"], "no staging file left")
    }

    @Test("the destination closure sees the temporary file and the response")
    func destinationSeesResponse() async throws {
        defer { folder.remove() }
        let transport = DownloadingTransport(
            body: Data("x".utf8), headers: ["Content-Disposition": "attachment; filename=\"named.bin\""])
        let seen = LockedState<(String?, Bool)>((nil, false))
        let base = folder.url
        let provider = Provider<CoreTestTarget>(transport: transport)
        let target = CoreTestTarget(
            task: .downloadDestination { temporaryURL, response in
                seen.withLock {
                    $0 = (response.suggestedFilename, FileManager.default.fileExists(atPath: temporaryURL.path))
                }
                return base.appendingPathComponent(response.suggestedFilename ?? "download")
            })
        let response = try await provider.request(target)
        #expect(seen.withLock { $0.0 } == "named.bin")
        #expect(seen.withLock { $0.1 })
        #expect(response.fileURL == base.appendingPathComponent("named.bin"))
    }

    @Test("a file already at the destination is replaced")
    func replacesExistingFile() async throws {
        defer { folder.remove() }
        let (url, closure) = destination("photo.jpg")
        try Data("old".utf8).write(to: url)
        let provider = Provider<CoreTestTarget>(transport: DownloadingTransport(body: Data("new".utf8)))
        _ = try await provider.request(CoreTestTarget(task: .downloadDestination(closure)))
        #expect(try Data(contentsOf: url) == Data("new".utf8))
        #expect(folder.contents() == ["photo.jpg"])
    }

    @Test("a folder at the destination is not replaced: the call fails and the download is deleted")
    func folderAtDestination() async throws {
        defer { folder.remove() }
        let (url, closure) = destination("album")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        _ = try folder.file("album/keep.jpg", Data("keep".utf8))
        let transport = DownloadingTransport(body: Data("new".utf8))
        let provider = Provider<CoreTestTarget>(transport: transport)
        await #expect {
            _ = try await provider.request(CoreTestTarget(task: .downloadDestination(closure)))
        } throws: { error in
            guard case .underlying(_, let response)? = error as? CourierError else { return false }
            return response?.statusCode == 200
        }
        #expect(folder.contents() == ["album", "album/keep.jpg"])
        #expect(!transport.temporaryFilesLeft)
    }

    @Test("an error status keeps its body as data and leaves the destination untouched")
    func errorStatusKeepsDestination() async throws {
        defer { folder.remove() }
        let (url, closure) = destination("photo.jpg")
        try Data("old".utf8).write(to: url)
        let transport = DownloadingTransport(status: 404, body: Data(#"{"msg":"gone"}"#.utf8))
        let provider = Provider<CoreTestTarget>(transport: transport)
        let response = try await provider.request(CoreTestTarget(task: .downloadDestination(closure)))
        #expect(response.statusCode == 404)
        #expect(response.data == Data(#"{"msg":"gone"}"#.utf8))
        #expect(response.fileURL == nil)
        #expect(try Data(contentsOf: url) == Data("old".utf8))
        #expect(!transport.temporaryFilesLeft)

        await #expect {
            _ = try await provider.request(
                CoreTestTarget(task: .downloadDestination(closure), validationType: .successCodes))
        } throws: { error in
            (error as? CourierError)?.response?.data == Data(#"{"msg":"gone"}"#.utf8)
        }
    }

    @Test("a failed download leaves nothing at the destination")
    func failureLeavesNothing() async throws {
        defer { folder.remove() }
        let (url, closure) = destination("sub/file.bin")
        let provider = Provider<CoreTestTarget>(
            transport: ScriptedTransport { _ in throw URLError(.networkConnectionLost) })
        await #expect(throws: CourierError.self) {
            _ = try await provider.request(CoreTestTarget(task: .downloadDestination(closure)))
        }
        #expect(!FileManager.default.fileExists(atPath: url.path))
        #expect(folder.contents().isEmpty)
    }

    @Test("a download that finishes as the call is cancelled is deleted, not moved")
    func lateAnswerAfterCancellation() async throws {
        defer { folder.remove() }
        let (url, closure) = destination("late.bin")
        let (started, startedContinuation) = AsyncStream.makeStream(of: Void.self)
        let release = AsyncStream.makeStream(of: Void.self)
        let inner = DownloadingTransport(body: Data("late".utf8))
        // Ignores cancellation, as a transport whose transfer had already completed would.
        let transport = ScriptedTransport { request in
            startedContinuation.yield()
            await release.stream.nextElement()
            return try await inner.send(request)
        }
        let provider = Provider<CoreTestTarget>(transport: transport)
        let call = Task { try await provider.request(CoreTestTarget(task: .downloadDestination(closure))) }
        await started.nextElement()
        call.cancel()
        release.continuation.yield()
        let result = await call.result
        #expect((result.failureValue as? CourierError)?.isCancelled == true)
        #expect(!FileManager.default.fileExists(atPath: url.path))
        #expect(!inner.temporaryFilesLeft)
    }

    @Test("downloadParameters encodes its parameters and moves the file")
    func downloadParameters() async throws {
        defer { folder.remove() }
        let (url, closure) = destination("export.csv")
        let transport = DownloadingTransport(body: Data("a,b".utf8))
        let provider = Provider<CoreTestTarget>(transport: transport)
        let target = CoreTestTarget(
            task: .downloadParameters(
                parameters: ["format": "csv", "year": 2024], encoding: URLEncoding.queryString, destination: closure))
        let response = try await provider.request(target)
        #expect(response.request?.url?.query == "format=csv&year=2024")
        #expect(try Data(contentsOf: url) == Data("a,b".utf8))
    }

    @Test("a stubbed download writes the sample data to the destination", arguments: [false, true])
    func stubbedDownload(delayed: Bool) async throws {
        defer { folder.remove() }
        let (url, closure) = destination("stub/sample.json")
        let provider = Provider<CoreTestTarget>(
            stubClosure: delayed ? Provider.delayedStub(0.01) : Provider.immediatelyStub,
            transport: UnreachableTransport())
        let response = try await provider.request(
            CoreTestTarget(task: .downloadDestination(closure), sampleData: Data("sample".utf8)))
        #expect(response.statusCode == 200)
        #expect(response.fileURL == url)
        #expect(response.data.isEmpty)
        #expect(try Data(contentsOf: url) == Data("sample".utf8))
    }

    @Test("a stubbed error response keeps its data and writes nothing")
    func stubbedErrorDownload() async throws {
        defer { folder.remove() }
        let (url, closure) = destination("never.bin")
        let provider = Provider<CoreTestTarget>(
            endpointClosure: { target in
                Endpoint(
                    url: URL(target: target).absoluteString,
                    sampleResponseClosure: { .networkResponse(404, Data("missing".utf8)) },
                    method: target.method, task: target.task, httpHeaderFields: target.headers)
            },
            stubClosure: Provider.immediatelyStub, transport: UnreachableTransport())
        let response = try await provider.request(CoreTestTarget(task: .downloadDestination(closure)))
        #expect(response.statusCode == 404)
        #expect(response.data == Data("missing".utf8))
        #expect(response.fileURL == nil)
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }
}
