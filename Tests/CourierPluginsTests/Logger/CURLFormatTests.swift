import CourierPlugins
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("NetworkLoggerPlugin: cURL")
struct CURLFormatTests {
    private func curlCommand(for target: PluginTarget, bodyLimit: Int = 4096) async throws -> (String, LogRecorder) {
        let log = LogRecorder()
        await send(
            target,
            plugins: [
                NetworkLoggerPlugin(
                    configuration: log.configuration(logOptions: [.formatRequestAscURL], bodyLimit: bodyLimit))
            ])
        let line = try #require(log.lines("Request").first)
        return (String(line.dropFirst("Request: ".count)), log)
    }

    @Test("a shell gets back exactly the method, headers, body and URL, whatever they contain")
    func shellQuoting() async throws {
        var target = PluginTarget()
        target.method = .post
        target.authorizationType = nil
        let body = #"{"note":"it's $HOME `id` \"quoted\" !x","line":"a\nb"}"#
        target.task = .requestData(Data(body.utf8))
        target.headers = ["Content-Type": "application/json", "X-Quote": "O'Brien & $USER"]
        let (command, _) = try await curlCommand(for: target)

        let words = try shellWords(ofCurlCommand: command)
        #expect(
            words == [
                "-v", "-X", "POST", "-H", "Content-Type: application/json", "-H", "X-Quote: O'Brien & $USER",
                "--data-binary", body, "https://api.example.com/v1/items",
            ])
    }

    @Test("a GET has no -X, a HEAD uses --head")
    func methodsAndGlobbing() async throws {
        let (get, _) = try await curlCommand(for: PluginTarget(authorizationType: nil))
        #expect(try shellWords(ofCurlCommand: get) == ["-v", "https://api.example.com/v1/items"])

        var head = PluginTarget(authorizationType: nil)
        head.method = .head
        let (headCommand, _) = try await curlCommand(for: head)
        #expect(try shellWords(ofCurlCommand: headCommand) == ["-v", "--head", "https://api.example.com/v1/items"])
    }

    @Test("the Authorization header is masked in the command")
    func masked() async throws {
        let (command, _) = try await curlCommand(
            for: PluginTarget(headers: ["Authorization": "Bearer tok-7f3a9c2e51"], authorizationType: nil))
        #expect(try shellWords(ofCurlCommand: command).contains("Authorization: Bearer ***"))
        #expect(!command.contains("tok-7f3a9c2e51"))
    }

    @Test("a body too long for the command is cut and the cut is noted on its own line")
    func longBody() async throws {
        var target = PluginTarget(authorizationType: nil)
        target.method = .post
        target.task = .requestData(Data(String(repeating: "a", count: 300).utf8))
        let (command, log) = try await curlCommand(for: target, bodyLimit: 100)
        #expect(try shellWords(ofCurlCommand: command).contains(String(repeating: "a", count: 100)))
        #expect(log.lines("Request Body").first?.contains("200 more bytes not shown, 300 in all") == true)
    }
}
