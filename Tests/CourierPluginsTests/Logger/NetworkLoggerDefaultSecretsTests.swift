import CourierPlugins
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a logger made with no masking settings hides: the same default names as the recorder,
/// in every spelling Courier's encoders write, and nothing a body can use to forge a line.
@Suite("NetworkLoggerPlugin: default secrets and safe lines")
struct NetworkLoggerDefaultSecretsTests {
    @Test(
        "secret query items are masked by default",
        arguments: ["key", "api_key", "access_token", "token", "password", "secret", "signature", "client_secret"])
    func defaultQueryItems(name: String) async {
        let log = LogRecorder()
        var target = PluginTarget()
        target.task = .requestParameters(
            parameters: [name: "SK7/cd+ef==gh", "area": "CN"], encoding: URLEncoding.queryString)
        await send(
            target, plugins: [NetworkLoggerPlugin(configuration: log.configuration(logOptions: .verbose))],
            transport: ScriptedTransport(body: Data(#"{"args":{"\#(name)":"SK7/cd+ef==gh"}}"#.utf8)))

        #expect(!log.text.contains("SK7"), "\(log.text)")
        #expect(log.text.contains("area=CN"))
    }

    @Test(
        "secret body fields are masked in form and JSON bodies, short values too",
        arguments: [
            (#"{"user":"ada","password":"pw1"}"#, "application/json"),
            (#"{"user":"ada","auth":{"refresh_token":"r-1","client_secret":"cs"}}"#, "application/json"),
            ("user=ada&password=pw1&access_token=t%2B1", "application/x-www-form-urlencoded"),
        ])
    func bodyFields(body: String, contentType: String) async {
        let log = LogRecorder()
        var target = PluginTarget(method: .post)
        target.task = .requestData(Data(body.utf8))
        target.headers = ["Content-Type": contentType]
        await send(
            target, plugins: [NetworkLoggerPlugin(configuration: log.configuration(logOptions: .verbose))],
            transport: ScriptedTransport(body: Data(body.utf8)))

        for secret in ["pw1", "r-1", #""cs""#, "t%2B1"] {
            #expect(!log.text.contains(secret), "\(log.text)")
        }
        #expect(log.text.contains("ada"))
    }

    @Test("tokens in a login response are masked")
    func loginResponse() async {
        let log = LogRecorder()
        let answer = #"{"code":0,"data":{"accessToken":"tok-1a2b3c","refresh_token":"ref-9z8y7x","expiresIn":3600}}"#
        await send(
            plugins: [NetworkLoggerPlugin(configuration: log.configuration(logOptions: .verbose))],
            transport: ScriptedTransport(body: Data(answer.utf8)))

        #expect(!log.text.contains("tok-1a2b3c") && !log.text.contains("ref-9z8y7x"), "\(log.text)")
        #expect(log.text.contains("3600"))
    }

    @Test("a secret echoed JSON-escaped is masked")
    func jsonEscapedEcho() async throws {
        let log = LogRecorder()
        let secret = #"pa"ss\wörd/1"#
        let escaped = try #require(String(data: JSONEncoder().encode(secret), encoding: .utf8)).dropFirst().dropLast()
        let python = #"pa\"ss\\w\u00f6rd/1"#
        await send(
            PluginTarget(headers: ["X-API-Key": secret], authorizationType: nil),
            plugins: [NetworkLoggerPlugin(configuration: log.configuration(logOptions: .verbose))],
            transport: ScriptedTransport(body: Data(#"{"a":"\#(escaped)","b":"\#(python)"}"#.utf8)))

        #expect(!log.text.contains(escaped) && !log.text.contains(python), "\(log.text)")
    }

    @Test("control characters in a body or a header are escaped, so no line can be forged")
    func controlCharacters() {
        let log = LogRecorder()
        let logger = NetworkLoggerPlugin(
            configuration: log.configuration(logOptions: [.requestHeaders, .requestBody]))
        var request = URLRequest(url: URL(string: "https://api.example.com/items")!)
        request.setValue("a\u{1B}[2Jb", forHTTPHeaderField: "X-Note")
        request.httpBody = Data("line 1\r\nRequest: forged\u{1B}[31m".utf8)

        logger.willSend(request, target: PluginTarget())

        #expect(log.text.contains(#"line 1\r\nRequest: forged\u{1B}[31m"#), "\(log.text)")
        #expect(log.text.contains(#"a\u{1B}[2Jb"#), "\(log.text)")
        for line in log.lines {
            #expect(!line.contains { $0 == "\n" || $0 == "\r" || $0 == "\u{1B}" }, "\(line)")
        }
    }

    @Test("a body with control characters is written so that curl still gets its bytes")
    func curlControlCharacters() {
        let log = LogRecorder()
        let logger = NetworkLoggerPlugin(configuration: log.configuration(logOptions: .formatRequestAscURL))
        var request = URLRequest(url: URL(string: "https://api.example.com/items")!)
        request.httpMethod = "POST"
        request.httpBody = Data("a\nb\u{1B}c'd".utf8)

        logger.willSend(request, target: PluginTarget())

        #expect(log.text.contains(#"$'a\nb\x1bc\'d'"#), "\(log.text)")
        #expect(!log.text.contains("\u{1B}") && !log.text.contains("a\nb"))
    }
}
