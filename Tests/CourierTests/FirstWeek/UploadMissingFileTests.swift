import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `uploadFile` of a file that is not there is the app's mistake, found while the request is
/// built: it must not read as a network failure.
@Suite("An upload of a missing file is a request-building error")
struct UploadMissingFileTests {
    @Test("the error names the file and reads as a request that could not be made, not a network failure")
    func missingFile() async throws {
        let missing = FileManager.default.temporaryDirectory
            .appendingPathComponent("courier-missing-\(UUID().uuidString).jpg")
        let recorder = UploadRecorder()
        let provider = Provider<CoreTestTarget>(transport: recorder.transport)
        let error = await #expect(throws: CourierError.self) {
            try await provider.request(CoreTestTarget(method: .post, task: .uploadFile(missing)))
        }
        let description = error?.description ?? ""
        #expect(description.hasPrefix("The request could not be made"), "\(description)")
        #expect(description.contains(missing.path))
        #expect(error?.code == 1004)
        #expect(error?.userMessage == "The request could not be made.")
        #expect(error?.userMessage.contains("network") == false)
        // Still the typed error, for an app that branches on it.
        if case .unreadableFile(let url, _)? = error?.uploadBodyError {
            #expect(url == missing)
        } else {
            Issue.record("expected UploadBodyError.unreadableFile, got \(String(describing: error))")
        }
        #expect(recorder.sent.isEmpty)
    }
}
