import CourierTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `StubTransport` reports a few progress steps for every answer, so a progress bar can be
/// tested offline.
@Suite("StubTransport: progress steps")
struct StubProgressTests {
    @Test("an upload reports its body's bytes in a few growing steps, then completes")
    func upload() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-up-\(UUID().uuidString).bin")
        try Data(repeating: 7, count: 1_000).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let stubs = StubTransport()
        stubs.when(.path("/upload")).respond(json: #"{"id":1}"#)
        let provider = Provider<TransferAPI>(transport: stubs)

        let steps = try await collect(provider.requestWithProgress(.upload(file)))

        try expectGrowingSteps(steps, total: 1_000)
    }

    @Test("a download reports the stubbed body's bytes in a few growing steps, then completes")
    func download() async throws {
        let destination = FileManager.default.temporaryDirectory
            .appendingPathComponent("courier-down-\(UUID().uuidString).bin")
        defer { try? FileManager.default.removeItem(at: destination) }
        let stubs = StubTransport()
        stubs.when(.path("/report.pdf")).respond(status: 200, body: Data(repeating: 1, count: 4_096))
        let provider = Provider<TransferAPI>(transport: stubs)

        let steps = try await collect(provider.requestWithProgress(.download(to: destination)))

        try expectGrowingSteps(steps, total: 4_096)
        #expect(try Data(contentsOf: destination).count == 4_096)
    }

    @Test("a delayed answer reports its steps too, through the completion-handler form")
    func delayedCompletionHandler() async throws {
        let stubs = StubTransport()
        stubs.when(.path("/report.pdf")).respond(.status(200, body: Data(repeating: 1, count: 10)).delayed(by: 0.01))
        let provider = Provider<TransferAPI>(transport: stubs)
        let recorded = LockedState<[ProgressResponse]>([])
        let result = await withCheckedContinuation { continuation in
            provider.request(.data, progress: { step in recorded.withLock { $0.append(step) } }) {
                continuation.resume(returning: $0)
            }
        }
        #expect(throws: Never.self) { try result.get() }
        try expectGrowingSteps(recorded.withLock { $0 }, total: 10)
    }
}

/// Checks 4 to 10 steps whose fraction and bytes grow from above 0 to 1 of `total`, then one
/// completed step.
func expectGrowingSteps(_ steps: [ProgressResponse], total: Int64) throws {
    let running = steps.dropLast()
    let last = try #require(steps.last)
    #expect(last.completed)
    #expect((4...10).contains(running.count), "\(running.count) steps")
    let counts = running.compactMap(\.progressObject)
    #expect(counts.count == running.count)
    #expect(counts.allSatisfy { $0.totalUnitCount == total })
    #expect(zip(counts, counts.dropFirst()).allSatisfy { $0.completedUnitCount < $1.completedUnitCount })
    #expect((running.first?.progress ?? 0) > 0)
    #expect(running.last?.progress == 1)
    #expect(running.allSatisfy { !$0.completed })
}

/// Every step of a progress stream.
func collect(_ stream: AsyncThrowingStream<ProgressResponse, any Error>) async throws -> [ProgressResponse] {
    var steps: [ProgressResponse] = []
    for try await step in stream { steps.append(step) }
    return steps
}

/// An upload, a download and a plain call.
enum TransferAPI: TargetType {
    case upload(URL)
    case download(to: URL)
    case data

    var baseURL: URL { URL(string: "https://files.example.com")! }
    var path: String {
        switch self {
        case .upload: "/upload"
        case .download, .data: "/report.pdf"
        }
    }
    var method: HTTPMethod {
        switch self {
        case .upload: .post
        case .download, .data: .get
        }
    }
    var task: RequestTask {
        switch self {
        case .upload(let file): .uploadFile(file)
        case .download(let destination): .downloadDestination { _, _ in destination }
        case .data: .requestPlain
        }
    }
    var validationType: ValidationType { .successCodes }
}
