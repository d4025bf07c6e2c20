import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Peak memory during a large multipart upload.
extension TransfersLiveTests {
    /// Uploads a large multipart file part and measures the rise of the process's peak RSS
    /// (`VmHWM`, reset through `/proc/self/clear_refs` after returning free heap to the system).
    ///
    /// Guards that an upload streams its file: the bound is 64 MB, or half the file when that is
    /// less, so a body held whole in memory, even once, fails it. The file is 48 MB by default;
    /// `COURIER_LARGE_UPLOAD_MB=200` runs the full 200 MB case.
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
