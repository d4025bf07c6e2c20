import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Upload and download progress, through the stream and through the completion block.
extension TransfersLiveTests {
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
}
