import CourierTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One rule for the names that hold credentials, wherever they stand: a header, a query item, a
/// JSON member or a form field; and recordings kept where only their owner can read them.
@Suite("Credential names: one rule for every place")
struct CredentialNamesTests {
    @Test(
        "a credential name is secret in every place",
        arguments: [
            "X-Session-Id", "X-CSRF-Token", "X-XSRF-TOKEN", "session", "sessionid", "sid", "PHPSESSID", "JSESSIONID",
            "key", "auth", "Authorization", "Cookie", "cookies", "api_key", "accessToken", "client_secret", "sig",
        ])
    func secretEverywhere(name: String) {
        let masking = SecretMasking.default
        #expect(masking.isSecret(header: name))
        #expect(masking.isSecret(queryItem: name))
        #expect(masking.isSecret(bodyKey: name))
    }

    @Test(
        "an ordinary name is secret nowhere",
        arguments: ["Content-Type", "Accept", "X-Request-Id", "user", "author", "page", "q", "monkey", "considered"])
    func secretNowhere(name: String) {
        let masking = SecretMasking.default
        #expect(!masking.isSecret(header: name))
        #expect(!masking.isSecret(queryItem: name))
        #expect(!masking.isSecret(bodyKey: name))
    }

    @Test func aNameAnAppAddsInOnePlaceIsSecretInEvery() {
        let masking = SecretMasking(maskedHeaders: ["X-Device-Id"])
        #expect(masking.isSecret(header: "x-device-id"))
        #expect(masking.isSecret(queryItem: "X-Device-Id"))
        #expect(masking.isSecret(bodyKey: "X-Device-Id"), "a server echoes request headers in its body")
    }

    @Test func sessionAndCSRFHeadersNeverReachARecording() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let recorder = RecordingTransport(recordingTo: directory, wrapping: FakeServer())
        let target = BinTarget(
            baseURL: RecordReplayTests.recordedBase, path: "/get",
            headers: ["X-Session-Id": "sess-4f1e2d3c", "X-CSRF-Token": "csrf-9a8b7c6d", "X-Request-Id": "req-1"])

        _ = try await Provider<BinTarget>(transport: recorder).request(target)

        let file = try #require(recorder.recordedFiles.first)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(!text.contains("sess-4f1e2d3c") && !text.contains("csrf-9a8b7c6d"), "\(text)")
        #expect(text.contains("req-1"), "an ordinary header is kept: \(text)")
    }

    @Test func theRecordingFolderIsTheOwnersOnly() async throws {
        let parent = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: parent) }
        let directory = parent.appendingPathComponent("recordings")
        let recorder = RecordingTransport(recordingTo: directory, wrapping: FakeServer())

        _ = try await Provider<BinTarget>(transport: recorder)
            .request(BinTarget(baseURL: RecordReplayTests.recordedBase, path: "/text"))

        let mode = try FileManager.default.attributesOfItem(atPath: directory.path)[.posixPermissions] as? Int
        #expect(mode == 0o700)
    }
}
