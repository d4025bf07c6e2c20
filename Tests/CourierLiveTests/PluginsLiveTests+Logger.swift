import CourierPlugins
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// NetworkLoggerPlugin on real traffic: masking, failures and a runnable cURL command.
extension PluginsLiveTests {
    @Test("a token httpbin echoes back never reaches the log unmasked, in any mode")
    func loggerMasksEchoedToken() async throws {
        let token = "tok-live-7c1d2e9f"
        for options in [NetworkLoggerPlugin.LogOptions.verbose, [.formatRequestAscURL, .successResponseBody]] {
            let log = LiveLog()
            let provider = Provider<PluginBinTarget>(
                transport: TestTransport.make(),
                plugins: [
                    AccessTokenPlugin { _ in token },
                    NetworkLoggerPlugin(configuration: log.configuration(options)),
                ])
            for path in ["/headers", "/bearer"] {
                var target = try PluginBinTarget.httpbin(path)
                target.authorizationType = .bearer
                let response = try await provider.request(target)
                #expect(String(decoding: response.data, as: UTF8.self).contains(token), "httpbin echoes it")
            }
            #expect(!log.text.contains(token), "\(log.text)")
            #expect(log.text.contains("Bearer ***"))
            let responses = log.lines.filter { $0.hasPrefix("Response: ") }
            #expect(responses.count == 2)
            #expect(responses.allSatisfy { $0.hasPrefix("Response: 200 GET http") && $0.hasSuffix(")") })
        }
    }

    @Test("failures: an HTTP error logs its status and body, a refused connection its error")
    func loggerFailures() async throws {
        let log = LiveLog()
        let provider = Provider<PluginBinTarget>(
            transport: TestTransport.make(),
            plugins: [
                NetworkLoggerPlugin(configuration: log.configuration([.errorResponseBody]))
            ])
        _ = try? await provider.request(try PluginBinTarget.httpbin("/status/503"))
        #expect(
            log.lines.contains {
                $0.hasPrefix("Response: 503 GET http")
                    && $0.range(of: #"/status/503 \([0-9.]+ m?s\)$"#, options: .regularExpression) != nil
            }, "\(log.text)")
        #expect(log.lines.contains { $0.hasPrefix("Error: ") && $0.contains("HTTP 503") })

        let closed = try RefusingPort()
        defer { closed.release() }
        _ = try? await provider.request(closed.target)
        #expect(log.lines.contains { $0.hasPrefix("Error: GET \(closed.url)/get failed after ") })
    }

    @Test("the logged cURL command, run by a shell, sends the same request")
    func curlCommandRuns() async throws {
        let curl = URL(fileURLWithPath: "/usr/bin/curl")
        try #require(FileManager.default.isExecutableFile(atPath: curl.path), "curl is not installed")
        let log = LiveLog()
        let provider = Provider<PluginBinTarget>(
            transport: TestTransport.make(),
            plugins: [
                NetworkLoggerPlugin(configuration: log.configuration([.formatRequestAscURL]))
            ])
        var target = try PluginBinTarget.httpbin("/post")
        target.method = .post
        let body = #"{"note":"it's $HOME `id` \"quoted\" !x"}"#
        target.task = .requestData(Data(body.utf8))
        target.headers = ["Content-Type": "application/json", "X-Quote": "O'Brien & $USER"]
        _ = try await provider.request(target)

        let line = try #require(log.lines.first { $0.hasPrefix("Request: curl ") })
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", String(line.dropFirst("Request: ".count)) + " --silent 2>/dev/null"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let echo = try JSONDecoder().decode(PostEcho.self, from: output)
        #expect(echo.data == body)
        #expect(echo.headers["X-Quote"] == "O'Brien & $USER")
    }
}
