import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Downloads to a destination, and failed, truncated or cancelled ones that leave no file.
extension TransfersLiveTests {
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

    // The body takes 4 s to arrive: a call that ends cancelled, with no file, was ended by its
    // cancellation, however long a busy machine took to get there.
    @Test("a download cancelled mid-way leaves no file and ends with the cancellation")
    func cancelledDownload() async throws {
        let folder = try TransferScratch()
        defer { folder.remove() }
        let destination = folder.url.appendingPathComponent("slow.bin")
        let target = try TransferTarget.scenario(
            "fault/slow-body", query: ["seconds": 4], download: { _, _ in destination })
        let provider = TransferTarget.provider(temporaryDirectory: folder.temporaryDirectory)
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
}
