import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The examples of the Uploads, downloads and progress article, compiled and run: the target, the progress
/// bar, the upload through the stream and the download through the completion form. Only
/// `print` is replaced (by `show`), and the provider gets a transport that reports progress.
@Suite("README: transfers")
struct ProgressReadmeExampleTests {
    // MARK: As in the README

    enum MediaAPI: TargetType {
        case uploadPhotos([URL], roomId: Int)
        case uploadVideo(URL)
        case download(name: String, into: URL)

        var baseURL: URL { URL(string: "https://img.example.com")! }
        var path: String {
            switch self {
            case .uploadPhotos: "/upload/photos"
            case .uploadVideo: "/upload/video"
            case .download(let name, _): "/files/\(name)"
            }
        }
        var method: HTTPMethod {
            switch self {
            case .uploadPhotos, .uploadVideo: .post
            case .download: .get
            }
        }
        var task: RequestTask {
            switch self {
            case .uploadPhotos(let photos, let roomId):
                .uploadCompositeMultipart(
                    photos.map { MultipartFormBodyPart(provider: .file($0), name: "photos", mimeType: "image/jpeg") },
                    urlParameters: ["roomId": roomId])
            case .uploadVideo(let file):
                .uploadFile(file)
            case .download(_, let folder):
                .downloadDestination { _, response in
                    folder.appendingPathComponent(response.suggestedFilename ?? "download.bin")
                }
            }
        }
        var validationType: ValidationType { .successCodes }
    }

    /// `[###############---------------]  50 %`
    static func progressBar(_ fraction: Double, width: Int = 30) -> String {
        let filled = max(0, min(width, Int(fraction * Double(width))))
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        return "[\(bar)] \(String(format: "%3d", Int(fraction * 100))) %"
    }

    // MARK: The test's own

    /// What the example printed.
    private final class Output: Sendable {
        let lines = LockedState<[String]>([])
    }

    private let output = Output()

    private func show(_ text: String) { output.lines.withLock { $0.append(text) } }

    /// Reports a transfer in quarters, then answers; a download gets a file named by the server.
    private let transport = ScriptedTransport { request in
        for quarter in 1...4 {
            request.progress?(TransferProgress(completedUnitCount: Int64(quarter * 25), totalUnitCount: 100))
        }
        let response = HTTPURLResponse.make(
            for: request.urlRequest, status: 200,
            headers: ["Content-Disposition": "attachment; filename=\"report.pdf\""])
        guard case .download = request.kind else { return TransportResponse(response: response, data: Data()) }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-test-\(UUID().uuidString)")
        try Data("%PDF".utf8).write(to: file)
        return TransportResponse(response: response, downloadedFileURL: file)
    }

    @Test("the progress bar")
    func bar() {
        #expect(Self.progressBar(0) == "[------------------------------]   0 %")
        #expect(Self.progressBar(0.5) == "[###############---------------]  50 %")
        #expect(Self.progressBar(1) == "[##############################] 100 %")
        #expect(Self.progressBar(1.7) == "[##############################] 170 %")
    }

    @Test("upload with the stream, download with the completion form")
    func program() async throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let provider = Provider<MediaAPI>(transport: transport)
        let photos = [try scratch.file("a.jpg", Data([0xFF, 0xD8])), try scratch.file("b.jpg", Data([0xFF, 0xD8]))]

        // Upload, with the async stream: progress steps, then one step that carries the response.
        for try await step in provider.requestWithProgress(.uploadPhotos(photos, roomId: 42)) {
            show("\r" + Self.progressBar(step.progress))
            if let response = step.response { show("  uploaded, HTTP \(response.statusCode)") }
        }

        // Download, with the completion form: the same steps arrive in the `progress` block.
        let folder = scratch.url.appendingPathComponent("reports")
        let result = await withCheckedContinuation { continuation in
            provider.request(
                .download(name: "report.pdf", into: folder),
                progress: { step in show("\r" + Self.progressBar(step.progress)) },
                completion: { continuation.resume(returning: $0) })
        }
        switch result {
        case .success(let response): show("  saved to \(response.fileURL?.path ?? "?")")
        case .failure(let error): show("\n\(error.localizedDescription)")
        }

        let bars = [25, 50, 75, 100].map { "\r" + Self.progressBar(Double($0) / 100) } + ["\r" + Self.progressBar(1)]
        let saved = folder.appendingPathComponent("report.pdf")
        #expect(output.lines.withLock { $0 } == bars + ["  uploaded, HTTP 200"] + bars + ["  saved to \(saved.path)"])
        #expect(try Data(contentsOf: saved) == Data("%PDF".utf8))
        let upload = try #require(transport.requests.first)
        #expect(upload.urlRequest.url?.query == "roomId=42")
    }
}
