import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Uploads, downloads and progress over real sockets, through the live suite's transport
/// (URLSessionTransport unless `COURIER_TEST_TRANSPORT=native`).
///
/// httpbin's `/anything` parses multipart bodies with Werkzeug and echoes the fields and files
/// it found, so a server's own parser checks Courier's encoding. The scenario server serves
/// deterministic and broken downloads. The suite is serialized so that its memory measurement
/// is not disturbed by its own other transfers.
@Suite("Transfers (httpbin, scenario server)", .serialized, .liveServers(.httpbin, .scenario))
struct TransfersLiveTests {
    // MARK: Multipart through httpbin's parser

    @Test("fields with CRLF, unicode and a boundary-like line, file parts from data and disk, odd names")
    func multipartThroughHttpbin() async throws {
        let folder = try TransferScratch()
        defer { folder.remove() }
        let notes = "first line\r\nsecond line\r\n\r\n✓ done"
        let report = try folder.file("отчёт.txt", Data("квартал 1\n".utf8))
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0xFF])
        let tricky: [String: String] = [
            "crlf": "line 1\r\nline 2\r\n\r\nline 4\r\n",
            "unicode": "日本語 ✓ Ünïcödé 🚀",
            "boundaryish":
                "--courier.boundary.0123456789abcdef0123456789abcdef\r\nContent-Type: text/plain\r\n\r\nx\r\n"
                + "--courier.boundary.0123456789abcdef0123456789abcdef--",
            "名前": "non-ASCII field name",
            "say \"hi\"": "a quote in the name",
        ]
        var parts = tricky.sorted { $0.key < $1.key }.map { name, value in
            MultipartFormBodyPart(provider: .data(Data(value.utf8)), name: name)
        }
        parts += [
            MultipartFormBodyPart(provider: .data(Data("a".utf8)), name: "tag"),
            MultipartFormBodyPart(provider: .data(Data("b".utf8)), name: "tag"),
            MultipartFormBodyPart(provider: .data(Data(notes.utf8)), name: "notes", fileName: "notes.txt"),
            MultipartFormBodyPart(provider: .data(png), name: "photo", fileName: "图片 \"1\".png", mimeType: "image/png"),
            MultipartFormBodyPart(provider: .file(report), name: "report"),
        ]
        let echo = try await TransferTarget.send(
            .httpbin("anything", task: .uploadMultipart(parts)), as: TransferEcho.self)

        var expectedForm = tricky.mapValues { TransferEcho.Value.one($0) }
        expectedForm["tag"] = .many(["a", "b"])
        #expect(echo.form == expectedForm)
        #expect(echo.files["notes"] == .one(notes))
        #expect(echo.files["photo"] == .one("data:image/png;base64,\(png.base64EncodedString())"))
        #expect(echo.files["report"] == .one("квартал 1\n"))
        #expect(echo.headers["Content-Type"]?.hasPrefix("multipart/form-data; boundary=courier.boundary.") == true)
    }

    @Test("several files under one field name and repeated fields are all parsed")
    func severalFilesOneField() async throws {
        let parts = (1...3).map { index in
            MultipartFormBodyPart(
                provider: .data(Data("photo \(index)".utf8)), name: "photos", fileName: "p\(index).jpg",
                mimeType: "text/plain")
        }
        let echo = try await TransferTarget.send(
            .httpbin("anything", task: .uploadCompositeMultipart(parts, urlParameters: ["album": "trip"])),
            as: TransferEcho.self)
        // httpbin echoes only the first file of a field; the scenario echo below shows all three.
        #expect(echo.files["photos"] == .one("photo 1"))
        #expect(echo.args["album"] == .one("trip"))

        let raw = try await TransferTarget.send(
            .scenario("echo", task: .uploadMultipart(parts)), as: TransferRawEcho.self)
        for index in 1...3 {
            #expect(raw.body.contains("name=\"photos\"; filename=\"p\(index).jpg\"\r\nContent-Type: text/plain"))
        }
    }

    @Test("a multipart body over 10 MB goes through a temporary file and parses whole")
    func largeMultipart() async throws {
        let folder = try TransferScratch()
        defer { folder.remove() }
        let line = "0123456789abcdefghijklmnopqrstuvwxyz\r\n"
        let text = String(repeating: line, count: 10_500_000 / line.utf8.count)
        let file = try folder.file("big.txt", Data(text.utf8))
        let parts = [
            MultipartFormBodyPart(provider: .data(Data("big".utf8)), name: "title"),
            MultipartFormBodyPart(provider: .file(file), name: "big"),
        ]
        let echo = try await TransferTarget.send(
            .httpbin("anything", task: .uploadMultipart(parts)), as: TransferEcho.self)
        #expect(echo.form["title"] == .one("big"))
        guard case .one(let echoed)? = echo.files["big"] else {
            Issue.record("no file part \"big\" in \(echo.files.keys)")
            return
        }
        #expect(echoed.utf8.count == text.utf8.count)
        #expect(echoed == text)
    }

    @Test("uploadFile sends the file as the body, with its length and a type from its extension")
    func uploadFile() async throws {
        let folder = try TransferScratch()
        defer { folder.remove() }
        let content = "id,name\r\n1,茶\r\n"
        let file = try folder.file("goods.csv", Data(content.utf8))
        let echo = try await TransferTarget.send(
            .httpbin("anything", method: .put, task: .uploadFile(file)), as: TransferEcho.self)
        #expect(echo.data == content)
        #expect(echo.headers["Content-Length"] == String(content.utf8.count))
        #expect(echo.headers["Content-Type"] == "text/csv")
        #expect(echo.method == "PUT")
    }

    // MARK: Downloads

    @Test("httpbin /bytes and /image/png land at their destination with status and headers")
    func httpbinDownloads() async throws {
        let folder = try TransferScratch()
        defer { folder.remove() }
        let bytes = folder.url.appendingPathComponent("new/folder/bytes.bin")
        let response = try await TransferTarget.send(.httpbin("bytes/102400", download: bytes))
        #expect(response.statusCode == 200)
        #expect(response.fileURL == bytes)
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/octet-stream")
        #expect(try Data(contentsOf: bytes).count == 102_400)

        let image = folder.url.appendingPathComponent("pig.png")
        let pig = try await TransferTarget.send(.httpbin("image/png", download: image))
        #expect(pig.value(forHTTPHeaderField: "Content-Type") == "image/png")
        #expect(try Data(contentsOf: image).prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(folder.temporaryContents().isEmpty)
    }

    @Test("a 2 MB scenario download: exact bytes, the server's file name, an existing file replaced")
    func scenarioDownload() async throws {
        let folder = try TransferScratch()
        defer { folder.remove() }
        let base = folder.url
        let existing = base.appendingPathComponent("file-2048.bin")
        try Data("old".utf8).write(to: existing)
        let target = try TransferTarget.scenario(
            "download/file", query: ["kb": 2048],
            download: { _, response in base.appendingPathComponent(response.suggestedFilename ?? "unnamed") })
        let response = try await TransferTarget.send(target, temporaryDirectory: folder.temporaryDirectory)
        #expect(response.fileURL == existing)
        #expect(try Data(contentsOf: existing) == TransferScratch.pattern(count: 2048 * 1024))
        #expect(response.value(forHTTPHeaderField: "Content-Disposition") == "attachment; filename=\"file-2048.bin\"")
        #expect(folder.temporaryContents().isEmpty)
    }

    @Test("a truncated download fails and leaves no file, at the destination or in the temporary folder")
    func truncatedDownload() async throws {
        let folder = try TransferScratch()
        defer { folder.remove() }
        let destination = folder.url.appendingPathComponent("fail.bin")
        let target = try TransferTarget.scenario("download/fail", download: { _, _ in destination })
        await #expect {
            _ = try await TransferTarget.send(target, temporaryDirectory: folder.temporaryDirectory)
        } throws: { error in
            guard case .underlying(let underlying, _)? = error as? CourierError else { return false }
            return underlying is URLError
        }
        #expect(!FileManager.default.fileExists(atPath: destination.path))
        #expect(folder.temporaryContents().isEmpty)
    }

    @Test("a download cancelled mid-way leaves no file and ends at once")
    func cancelledDownload() async throws {
        let folder = try TransferScratch()
        defer { folder.remove() }
        let destination = folder.url.appendingPathComponent("slow.bin")
        let target = try TransferTarget.scenario(
            "fault/slow-body", query: ["seconds": 4], download: { _, _ in destination })
        let provider = TransferTarget.provider(temporaryDirectory: folder.temporaryDirectory)
        let start = Date()
        let call = LockedState<(any Cancellable)?>(nil)
        let result = await withCheckedContinuation { continuation in
            let cancellable = provider.request(
                target,
                progress: { step in
                    if !step.completed { call.withLock { $0?.cancel() } }
                },
                completion: { continuation.resume(returning: $0) })
            call.withLock { $0 = cancellable }
        }
        guard case .failure(let error) = result else {
            Issue.record("expected a cancellation, got \(result)")
            return
        }
        #expect(error.isCancelled)
        #expect(Date().timeIntervalSince(start) < 3)
        #expect(!FileManager.default.fileExists(atPath: destination.path))
        #expect(folder.temporaryContents().isEmpty)
    }

    @Test("an error status keeps the destination untouched and the body readable")
    func errorStatusDownload() async throws {
        let folder = try TransferScratch()
        defer { folder.remove() }
        let destination = folder.url.appendingPathComponent("missing.bin")
        await #expect {
            _ = try await TransferTarget.send(.httpbin("status/404", download: destination))
        } throws: { error in
            (error as? CourierError)?.response?.statusCode == 404
        }
        #expect(!FileManager.default.fileExists(atPath: destination.path))
    }

    // MARK: Progress, both ways, both forms

    @Test("download progress through the stream: growing fractions, then 1.0 with the file")
    func downloadProgressStream() async throws {
        let folder = try TransferScratch()
        defer { folder.remove() }
        let destination = folder.url.appendingPathComponent("progress.bin")
        let target = try TransferTarget.scenario(
            "download/file", query: ["kb": 4096], download: { _, _ in destination })
        var steps: [ProgressResponse] = []
        for try await step in TransferTarget.provider().requestWithProgress(target) { steps.append(step) }
        TransferTarget.expectGrowingThenComplete(steps)
        #expect(steps.dropLast().contains { $0.progress > 0 && $0.progress < 1 }, "intermediate steps on Linux")
        #expect(steps.dropLast().last?.progressObject?.totalUnitCount == Int64(4096 * 1024))
        #expect(steps.last?.response?.fileURL == destination)
    }

    @Test("upload progress through the completion block, for a body in memory and one from disk")
    func uploadProgressCompletion() async throws {
        let folder = try TransferScratch()
        defer { folder.remove() }
        let small = try folder.file("small.bin", TransferScratch.pattern(count: 3 * 1024 * 1024))
        let large = try folder.file("large.bin", TransferScratch.pattern(count: 12 * 1024 * 1024))
        for file in [small, large] {
            let target = try TransferTarget.scenario(
                "health", task: .uploadMultipart([MultipartFormBodyPart(provider: .file(file), name: "f")]))
            let steps = LockedState<[ProgressResponse]>([])
            let result = await withCheckedContinuation { continuation in
                TransferTarget.provider().request(
                    target, progress: { step in steps.withLock { $0.append(step) } },
                    completion: { continuation.resume(returning: $0) })
            }
            #expect(try result.get().statusCode == 200)
            let seen = steps.withLock { $0 }
            TransferTarget.expectGrowingThenComplete(seen)
            let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int ?? 0
            // How many reports FoundationNetworking makes depends on how fast the body goes out
            // (a quiet loopback can take the whole body in one). At least one comes before the answer.
            #expect(!seen.dropLast().isEmpty, "upload progress fires on Linux (\(file.lastPathComponent))")
            #expect((seen.dropLast().last?.progressObject?.totalUnitCount ?? 0) > Int64(size))
        }
    }

    @Test("uploadFile progress through the stream ends at 1.0")
    func uploadFileProgressStream() async throws {
        let folder = try TransferScratch()
        defer { folder.remove() }
        let file = try folder.file("clip.bin", TransferScratch.pattern(count: 4 * 1024 * 1024))
        var steps: [ProgressResponse] = []
        let target = try TransferTarget.scenario("health", task: .uploadFile(file))
        for try await step in TransferTarget.provider().requestWithProgress(target) { steps.append(step) }
        TransferTarget.expectGrowingThenComplete(steps)
        #expect(
            steps.dropLast().last?.progressObject
                == TransferProgress(
                    completedUnitCount: 4 * 1024 * 1024, totalUnitCount: 4 * 1024 * 1024))
    }

    // MARK: Memory

    /// Uploads a large multipart file part and measures the rise of the process's peak RSS
    /// (`VmHWM`, reset through `/proc/self/clear_refs` after returning free heap to the system).
    ///
    /// The bound is 64 MB, or half the file when that is less: 48 MB by default keeps the suite
    /// fast (FoundationNetworking streams a file at 15–30 MB/s) while a body held whole in memory,
    /// even once, would break it. `COURIER_LARGE_UPLOAD_MB=200` runs the full 200 MB case.
    @Test(
        "a large multipart upload raises peak memory by less than 64 MB (or half the file)",
        .enabled(if: TransferPeakMemory.isMeaningful, "peak RSS cannot be reset here, or a sanitizer inflates it")
    )
    func largeUploadMemory() async throws {
        let megabytes = Int(ProcessInfo.processInfo.environment["COURIER_LARGE_UPLOAD_MB"] ?? "") ?? 48
        let bound = min(64, Double(megabytes) / 2)
        let folder = try TransferScratch()
        defer { folder.remove() }
        let file = try folder.largeFile("video.mp4", megabytes: megabytes)
        let target = try TransferTarget.scenario(
            "health",
            task: .uploadMultipart([
                MultipartFormBodyPart(provider: .data(Data("holiday".utf8)), name: "title"),
                MultipartFormBodyPart(provider: .file(file), name: "video"),
            ]))
        let provider = TransferTarget.provider()
        let start = Date()
        let baseline = try TransferPeakMemory.reset()
        let response = try await provider.request(target)
        let peak = try TransferPeakMemory.peakKilobytes()
        let riseMB = Double(peak - baseline) / 1024
        print(
            "[transfers] \(megabytes) MB multipart upload: peak RSS \(baseline / 1024) → \(peak / 1024) MB "
                + "(+\(String(format: "%.1f", riseMB)) MB) in \(String(format: "%.1f", Date().timeIntervalSince(start))) s"
        )
        #expect(response.statusCode == 200)
        #expect(riseMB < bound, "peak RSS rose by \(riseMB) MB for a \(megabytes) MB upload")
    }
}

// MARK: - Support

/// A target for these tests: any server, any path, any task; every call has a time limit.
struct TransferTarget: TargetType, TimeoutConfigurable {
    var baseURL: URL
    var path: String
    var method: HTTPMethod = .post
    var task: RequestTask
    var validationType: ValidationType { .successCodes }
    var timeout: TimeInterval? { 60 }

    static func httpbin(_ path: String, method: HTTPMethod = .post, task: RequestTask) throws -> TransferTarget {
        TransferTarget(baseURL: try LiveServers.url(for: .httpbin), path: path, method: method, task: task)
    }

    static func httpbin(_ path: String, download destination: URL) throws -> TransferTarget {
        try httpbin(path, method: .get, task: .downloadDestination { _, _ in destination })
    }

    static func scenario(_ path: String, task: RequestTask) throws -> TransferTarget {
        TransferTarget(baseURL: try LiveServers.url(for: .scenario), path: path, task: task)
    }

    static func scenario(
        _ path: String, query: [String: any Sendable] = [:], download destination: @escaping DownloadDestination
    ) throws -> TransferTarget {
        let task: RequestTask = .downloadParameters(
            parameters: query, encoding: URLEncoding.queryString, destination: destination)
        return TransferTarget(baseURL: try LiveServers.url(for: .scenario), path: path, method: .get, task: task)
    }

    /// A provider on the live suite's transport (``TestTransport``); URLSessionTransport writes
    /// downloads in flight to `temporaryDirectory`, so a test can see that nothing is left there.
    static func provider(temporaryDirectory: URL? = nil) -> Provider<TransferTarget> {
        Provider(transport: TestTransport.make(.init(temporaryDirectory: temporaryDirectory)))
    }

    static func send(_ target: TransferTarget, temporaryDirectory: URL? = nil) async throws -> Response {
        try await provider(temporaryDirectory: temporaryDirectory).request(target)
    }

    static func send<T: Decodable>(_ target: TransferTarget, as type: T.Type) async throws -> T {
        try await provider().request(target, as: type)
    }

    /// Progress values never go back, and the last step — the only completed one — is 1.0.
    static func expectGrowingThenComplete(
        _ steps: [ProgressResponse], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let values = steps.map(\.progress)
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 <= $1 }, "\(values)", sourceLocation: sourceLocation)
        #expect(steps.last?.completed == true, sourceLocation: sourceLocation)
        #expect(steps.last?.progress == 1, sourceLocation: sourceLocation)
        #expect(steps.filter(\.completed).count == 1, sourceLocation: sourceLocation)
    }
}

/// What httpbin's `/anything` echoes.
struct TransferEcho: Decodable {
    /// A form value: one string, or a list when a name was repeated.
    enum Value: Decodable, Equatable {
        case one(String)
        case many([String])

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) {
                self = .one(text)
            } else {
                self = .many(try container.decode([String].self))
            }
        }
    }

    var args: [String: Value]
    var form: [String: Value]
    var files: [String: Value]
    var data: String
    var headers: [String: String]
    var method: String
}

/// What the scenario server's `/echo` answers.
struct TransferRawEcho: Decodable {
    var body: String
    var bodyLength: Int
}

/// A folder of the test's own, with a `tmp` folder inside for a transport's downloads in flight.
struct TransferScratch {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("courier-live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temporaryDirectory, withIntermediateDirectories: true)
    }

    var temporaryDirectory: URL { url.appendingPathComponent("tmp") }

    func file(_ name: String, _ data: Data) throws -> URL {
        let file = url.appendingPathComponent(name)
        try data.write(to: file)
        return file
    }

    /// A file of `megabytes` MiB, written 1 MiB at a time.
    func largeFile(_ name: String, megabytes: Int) throws -> URL {
        let file = url.appendingPathComponent(name)
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        let chunk = Self.pattern(count: 1024 * 1024)
        for _ in 0..<megabytes { try handle.write(contentsOf: chunk) }
        return file
    }

    /// What is left in the transport's temporary folder.
    func temporaryContents() -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: temporaryDirectory.path)) ?? []
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }

    /// Byte i is i % 251, as the scenario server's `/download/file`.
    static func pattern(count: Int) -> Data {
        let cycle = Data((0..<251).map { UInt8($0) })
        var data = Data(capacity: count)
        while data.count < count { data.append(cycle.prefix(count - data.count)) }
        return data
    }
}

#if os(Linux)
    /// glibc's `malloc_trim`, which the Glibc module does not export.
    @_silgen_name("malloc_trim")
    private func glibcMallocTrim(_ pad: Int) -> Int32
#endif

/// The process's peak resident memory, from `/proc/self/status` (Linux).
enum TransferPeakMemory {
    struct Unreadable: Error {}

    /// Whether the peak can be reset (Linux 4.0 and later).
    static var canReset: Bool {
        FileManager.default.isWritableFile(atPath: "/proc/self/clear_refs")
    }

    /// Whether the peak says what the code under test holds: it can be reset, and the process
    /// runs under no sanitizer. AddressSanitizer's quarantine keeps freed memory resident, and
    /// ThreadSanitizer's shadow memory grows with whatever the tests running beside this one
    /// touch, which the process-wide peak counts as this upload's.
    static var isMeaningful: Bool {
        canReset && dlsym(nil, "__asan_init") == nil && dlsym(nil, "__tsan_init") == nil
    }

    /// Resets the peak to the current resident size and returns it, in KiB. Free heap memory is
    /// returned to the system first, so the transfer cannot hide in memory freed by earlier tests.
    static func reset() throws -> Int {
        #if os(Linux)
            _ = glibcMallocTrim(0)
        #endif
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { throw Unreadable() }
        defer { try? handle.close() }
        try handle.write(contentsOf: Data("5".utf8))
        return try peakKilobytes()
    }

    /// `VmHWM`, in KiB.
    static func peakKilobytes() throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let value = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        else { throw Unreadable() }
        return value
    }
}
