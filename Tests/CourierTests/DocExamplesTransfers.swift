import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The examples of Courier.docc's "Uploads, downloads and progress"
// (Articles/UploadsDownloadsAndProgress.md) and "Linux notes" (Articles/LinuxNotes.md), as
// written there. (This file's own imports are the Linux notes' first example.)

enum TransfersDoc {
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

    /// "A command-line program with a progress bar" (the article's `main.swift`).
    static func commandLineProgram() async throws {
        let provider = Provider<MediaAPI>()
        let photos = CommandLine.arguments.dropFirst().map { URL(fileURLWithPath: $0) }

        // Upload, with the async stream: progress steps, then one step that carries the response.
        for try await step in provider.requestWithProgress(.uploadPhotos(photos, roomId: 42)) {
            print("\r" + progressBar(step.progress), terminator: "")
            if let response = step.response { print("  uploaded, HTTP \(response.statusCode)") }
        }

        // Download, with the completion form: the same steps arrive in the `progress` block.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reports")
        let result = await withCheckedContinuation { continuation in
            provider.request(
                .download(name: "report.pdf", into: folder),
                progress: { step in print("\r" + progressBar(step.progress), terminator: "") },
                completion: { continuation.resume(returning: $0) })
        }
        switch result {
        case .success(let response): print("  saved to \(response.fileURL?.path ?? "?")")
        case .failure(let error): print("\n\(error.localizedDescription)")
        }
    }

    /// "Multipart bodies".
    static func multipartForm() -> RequestTask {
        let form: [MultipartFormBodyPart] = [
            MultipartFormBodyPart(provider: .data(Data("Sunset over the lake".utf8)), name: "caption"),
            MultipartFormBodyPart(provider: .file(URL(fileURLWithPath: "/tmp/sunset.jpg")), name: "photos"),
            MultipartFormBodyPart(
                provider: .data(Data([0xFF, 0xD8, 0xFF])), name: "photos", fileName: "thumb.jpg", mimeType: "image/jpeg"
            ),
        ]
        let task = RequestTask.uploadMultipart(form)
        return task
    }

    /// "Downloads".
    static func exportTask(month: String, into folder: URL) -> RequestTask {
        .downloadParameters(
            parameters: ["month": month], encoding: URLEncoding.queryString,
            destination: { _, _ in folder.appendingPathComponent("orders-\(month).csv") })
    }
}

enum LinuxNotesDoc {
    /// The article names an inventory service's API; any target does.
    enum InventoryAPI: TargetType {
        case stock(sku: String)

        var baseURL: URL { URL(string: "http://inventory.internal:8080")! }
        var path: String { "/stock" }
        var method: HTTPMethod { .get }
        var task: RequestTask {
            switch self {
            case .stock(let sku): .requestParameters(parameters: ["sku": sku], encoding: URLEncoding.queryString)
            }
        }
    }

    static func plainHTTPCredentials() {
        var options = ProviderOptions()
        options.allowsCredentialsOverPlainHTTP = false
        let strict = Provider<InventoryAPI>(options: options)
        keep(strict)
    }
}

@Suite("Docs: Uploads, downloads and progress")
struct TransfersDocTests {
    /// What the command-line example printed.
    private final class Output: Sendable {
        let lines = LockedState<[String]>([])
    }

    private let output = Output()

    /// The command-line example's `print`, recorded.
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

    @Test("the progress bar of the command-line example")
    func progressBar() {
        #expect(TransfersDoc.progressBar(0) == "[------------------------------]   0 %")
        #expect(TransfersDoc.progressBar(0.5) == "[###############---------------]  50 %")
        #expect(TransfersDoc.progressBar(1) == "[##############################] 100 %")
        #expect(TransfersDoc.progressBar(1.7) == "[##############################] 170 %")
    }

    @Test("the command-line program: upload with the stream, download with the completion form")
    func commandLineProgram() async throws {
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let provider = Provider<TransfersDoc.MediaAPI>(transport: transport)
        let photos = [try scratch.file("a.jpg", Data([0xFF, 0xD8])), try scratch.file("b.jpg", Data([0xFF, 0xD8]))]

        // The example's statements, with `show` for `print` and a scratch folder for the temporary one.
        for try await step in provider.requestWithProgress(.uploadPhotos(photos, roomId: 42)) {
            show("\r" + TransfersDoc.progressBar(step.progress))
            if let response = step.response { show("  uploaded, HTTP \(response.statusCode)") }
        }
        let folder = scratch.url.appendingPathComponent("reports")
        let result = await withCheckedContinuation { continuation in
            provider.request(
                .download(name: "report.pdf", into: folder),
                progress: { step in show("\r" + TransfersDoc.progressBar(step.progress)) },
                completion: { continuation.resume(returning: $0) })
        }
        switch result {
        case .success(let response): show("  saved to \(response.fileURL?.path ?? "?")")
        case .failure(let error): show("\n\(error.localizedDescription)")
        }

        let bars = [0.25, 0.5, 0.75, 1, 1].map { "\r" + TransfersDoc.progressBar($0) }
        let saved = folder.appendingPathComponent("report.pdf")
        #expect(output.lines.withLock { $0 } == bars + ["  uploaded, HTTP 200"] + bars + ["  saved to \(saved.path)"])
        #expect(try Data(contentsOf: saved) == Data("%PDF".utf8))
        let upload = try #require(transport.requests.first)
        #expect(upload.urlRequest.url?.query == "roomId=42")
    }

    @Test("the download task sends its parameters in the query and names the file")
    func exportTask() throws {
        let folder = URL(fileURLWithPath: "/tmp/exports")
        guard
            case .downloadParameters(let parameters, _, let destination) = TransfersDoc.exportTask(
                month: "2024-05", into: folder)
        else {
            Issue.record("expected downloadParameters")
            return
        }
        #expect(parameters["month"] as? String == "2024-05")
        let response = try #require(
            HTTPURLResponse(url: folder, statusCode: 200, httpVersion: nil, headerFields: nil))
        #expect(destination(folder, response).lastPathComponent == "orders-2024-05.csv")
    }
}
