import CourierTesting
import Foundation
import Testing

@Suite("Secret masking rules")
struct SecretMaskingTests {
    @Test func secretQueryValuesAndPasswordsAreMaskedInURLs() throws {
        let url = try #require(URL(string: "https://ada:pa55word@x.dev/a?page=2&token=s3cr3t&deviceToken=d1&key=k"))

        let masked = SecretMasking.default.masked(url).absoluteString

        #expect(masked == "https://ada:***@x.dev/a?page=2&token=***&deviceToken=***&key=***")
    }

    @Test func moreQueryItemsCanBeDeclared() throws {
        let url = try #require(URL(string: "https://x.dev/a?key=k&sign=s"))
        let masking = SecretMasking(maskedQueryItems: ["key", "sign"])

        #expect(masking.masked(url).absoluteString == "https://x.dev/a?key=***&sign=***")
    }

    @Test func headerValuesKeepTheirSchemeAndCookieNames() {
        let masking = SecretMasking.default

        #expect(masking.maskedValue(ofHeader: "authorization", value: "Bearer abc") == "Bearer ***")
        #expect(masking.maskedValue(ofHeader: "X-API-Key", value: "k-123") == "***")
        #expect(
            masking.maskedValue(ofHeader: "Set-Cookie", value: "sid=abc; Path=/; HttpOnly")
                == "sid=***; Path=/; HttpOnly")
        #expect(masking.maskedValue(ofHeader: "Cookie", value: "a=1; b=2") == "a=***; b=***")
        #expect(
            masking.maskedValue(ofHeader: "Set-Cookie", value: "a=x1; Expires=Wed, 21 Oct 2015 07:28:00 GMT, b=y2")
                == "a=***; Expires=Wed, 21 Oct 2015 07:28:00 GMT, b=***",
            "Foundation joins several Set-Cookie headers with commas")
        #expect(masking.maskedValue(ofHeader: "X-Trace", value: "t-1") == "t-1")
    }

    @Test func namesWithTokenSecretOrPasswordAreAlwaysSecret() {
        let masking = SecretMasking.default

        #expect(masking.isSecret(header: "X-Auth-Token"))
        #expect(masking.isSecret(header: "Proxy-Authorization"))
        #expect(!masking.isSecret(header: "Content-Type"))
        #expect(masking.isSecret(queryItem: "client_secret"))
        #expect(masking.isSecret(bodyKey: "newPassword"))
        #expect(masking.isSecret(bodyKey: "Authorization"), "httpbin echoes headers in bodies")
        #expect(!masking.isSecret(bodyKey: "user"))
        #expect(SecretMasking(maskedHeaders: ["X-Device-Id"]).isSecret(header: "x-device-id"))
    }
}

@Suite("Recordings: default secrets and file modes")
struct RecordingDefaultsTests {
    @Test func keyAndBodySecretsNeverReachAFileAndFilesAreTheOwnersOnly() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let stubs = StubTransport()
        stubs.when(.path("/search")).respond(.json(#"{"echo":"demo-key-4821","access_token":"tok-77aa"}"#))
        let recorder = RecordingTransport(recordingTo: directory, wrapping: stubs)
        let target = BinTarget(
            baseURL: URL(string: "http://127.0.0.1:8080")!, path: "/search",
            task: .requestParameters(
                parameters: ["key": "demo-key-4821", "q": "tea"], encoding: URLEncoding.queryString))

        _ = try await Provider<BinTarget>(transport: recorder).request(target)

        let file = try #require(recorder.recordedFiles.first)
        #expect(file.lastPathComponent == "GET_search@key=masked&q=tea.json")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(!text.contains("demo-key-4821") && !text.contains("tok-77aa"), "\(text)")
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }
}
