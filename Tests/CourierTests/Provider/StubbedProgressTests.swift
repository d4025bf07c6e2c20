import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A provider that stubs from `sampleData` reports a few progress steps, as a real transfer
/// does, so a progress bar can be tested offline.
@Suite("Stubbed provider: progress steps")
struct StubbedProgressTests {
    @Test(
        "an immediate or delayed stub of a download reports the sample's bytes in growing steps",
        arguments: [StubBehavior.immediate, .delayed(seconds: 0.001)])
    func download(behavior: StubBehavior) async throws {
        let destination = FileManager.default.temporaryDirectory
            .appendingPathComponent("courier-stub-down-\(UUID().uuidString).bin")
        defer { try? FileManager.default.removeItem(at: destination) }
        let sample = Data(repeating: 3, count: 2_000)
        let target = CoreTestTarget(task: .downloadDestination { _, _ in destination }, sampleData: sample)
        let provider = Provider<CoreTestTarget>(stubClosure: { _ in behavior }, transport: UnreachableTransport())

        var steps: [ProgressResponse] = []
        for try await step in provider.requestWithProgress(target) { steps.append(step) }

        try expectGrowingSteps(steps, total: 2_000)
        #expect(try Data(contentsOf: destination) == sample)
    }

    @Test("a stubbed upload reports the file's bytes as upload progress")
    func upload() async throws {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("courier-stub-up-\(UUID().uuidString).bin")
        try Data(repeating: 9, count: 777).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let provider = Provider<CoreTestTarget>(
            stubClosure: Provider.immediatelyStub, transport: UnreachableTransport())
        let recorded = LockedState<[ProgressResponse]>([])

        let result = await withCheckedContinuation { continuation in
            provider.request(
                CoreTestTarget(method: .post, task: .uploadFile(file)),
                progress: { step in recorded.withLock { $0.append(step) } }
            ) { continuation.resume(returning: $0) }
        }

        #expect(throws: Never.self) { try result.get() }
        try expectGrowingSteps(recorded.withLock { $0 }, total: 777)
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
