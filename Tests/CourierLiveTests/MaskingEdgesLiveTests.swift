import CourierHTTP1
import CourierPlugins
import CourierTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Secrets that do not come from the request's named fields: tokens a login answers with, a
/// password in the URL; and what a log line or a file on disk must never allow.
@Suite("Masking: response tokens, URL passwords, log lines, file modes")
struct MaskingEdgesLiveTests {
    @Test(.requiresScenarioServer)
    func tokensInALoginResponseAreNeitherLoggedNorRecorded() async throws {
        let directory = try RecorderLiveTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let realm = try LiveServers.url(for: .scenario).appendingPathComponent("realms/masking-\(UUID().uuidString)")
        let log = LogLines()
        let provider = Provider<RecorderTarget>(
            transport: RecordingTransport(recordingTo: directory, wrapping: TestTransport.make()),
            plugins: [
                NetworkLoggerPlugin(
                    configuration: .init(output: { _, lines in log.append(lines) }, logOptions: .verbose))
            ])

        let response = try await provider.request(RecorderTarget(realm, "/auth/login", method: .post))

        let json = try #require(try JSONSerialization.jsonObject(with: response.data) as? [String: Any])
        let data = try #require(json["data"] as? [String: Any])
        let tokens = try [#require(data["accessToken"] as? String), #require(data["refreshToken"] as? String)]
        let recordings = try MaskingLiveTests.recordings(in: directory)
        for token in tokens {
            #expect(!log.text.contains("\"\(token)\""), "the log shows \(token):\n\(log.text)")
            #expect(!recordings.contains("\"\(token)\""), "a recording shows \(token):\n\(recordings)")
        }
    }

    @Test(.requiresHttpbin)
    func aPasswordInTheURLIsNotLogged() async throws {
        let log = LogLines()
        let httpbin = try LiveServers.url(for: .httpbin)
        var components = try #require(URLComponents(url: httpbin, resolvingAgainstBaseURL: false))
        components.user = "ada"
        components.password = "pw"
        let base = try #require(components.url)
        let provider = Provider<RecorderTarget>(
            transport: TestTransport.make(),
            plugins: [
                NetworkLoggerPlugin(
                    configuration: .init(output: { _, lines in log.append(lines) }, logOptions: .verbose)),
                NetworkLoggerPlugin(
                    configuration: .init(output: { _, lines in log.append(lines) }, logOptions: .formatRequestAscURL)),
            ])

        _ = try? await provider.request(RecorderTarget(base, "/anything"))

        #expect(log.text.contains("ada:***@"), "\(log.text)")
        #expect(!log.text.contains(":pw@"), "\(log.text)")
    }

    @Test(.requiresHttpbin)
    func controlCharactersInABodyCannotForgeLogLines() async throws {
        let log = LogLines()
        let forged = "ok\nCourier_Logger: [forged] Response: 200\r\u{1B}[2J\u{1B}[31mred"
        let provider = Provider<RecorderTarget>(
            transport: TestTransport.make(),
            plugins: [
                NetworkLoggerPlugin(
                    configuration: .init(output: { _, lines in log.append(lines) }, logOptions: .verbose))
            ])

        _ = try await provider.request(
            RecorderTarget(
                try LiveServers.url(for: .httpbin), "/anything", method: .post,
                task: .requestData(Data(forged.utf8)), headers: ["Content-Type": "text/plain"]))

        let lines = log.lines
        #expect(lines.contains { $0.contains(#"ok\nCourier_Logger: [forged] Response: 200\r\u{1B}[2J"#) }, "\(lines)")
        for line in lines {
            #expect(!line.contains("\n") && !line.contains("\r") && !line.contains("\u{1B}"), "\(line)")
        }
    }

    @Test(.requiresHttpbin)
    func urlSessionDownloadsAreReadableByTheirOwnerOnly() async throws {
        let transport = URLSessionTransport()
        let url = try LiveServers.url(for: .httpbin).appendingPathComponent("bytes/4096")
        let request = TransportRequest(urlRequest: URLRequest(url: url), kind: .download)

        let response = try await transport.send(request)

        let file = try #require(response.downloadedFileURL)
        defer { try? FileManager.default.removeItem(at: file) }
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test(.requiresHttpbin)
    func recordingsAreReadableByTheirOwnerOnly() async throws {
        let directory = try RecorderLiveTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let recorder = RecordingTransport(recordingTo: directory, wrapping: TestTransport.make())

        _ = try await Provider<RecorderTarget>(transport: recorder).request(
            RecorderTarget(try LiveServers.url(for: .httpbin), "/get"))

        let file = try #require(recorder.recordedFiles.first)
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    #if os(Linux)
        @Test(.requiresHttpbin)
        func nativeDownloadsAreReadableByTheirOwnerOnly() async throws {
            let transport = HTTP1Transport()
            let url = try LiveServers.url(for: .httpbin).appendingPathComponent("bytes/4096")
            let request = TransportRequest(urlRequest: URLRequest(url: url), kind: .download)

            let response = try await transport.send(request)
            await transport.shutdown()

            let file = try #require(response.downloadedFileURL)
            defer { try? FileManager.default.removeItem(at: file) }
            let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
            #expect(mode == 0o600)
        }
    #endif
}
