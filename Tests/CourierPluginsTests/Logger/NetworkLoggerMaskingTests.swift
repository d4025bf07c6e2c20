import CourierPlugins
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("NetworkLoggerPlugin: secrets")
struct NetworkLoggerMaskingTests {
    private let secrets = [
        "Authorization": "Bearer tok-7f3a9c2e51",
        "Proxy-Authorization": "Basic cHJveHk6aHVudGVyMg==",
        "Cookie": "theme=dark; session=sess-0b8d4e",
        "X-API-Key": "key-93ab10",
        "X-Session-Id": "sid-44e1c9",
    ]
    private let secretValues = [
        "tok-7f3a9c2e51", "cHJveHk6aHVudGVyMg==", "hunter2", "sess-0b8d4e", "key-93ab10", "sid-44e1c9",
    ]

    private func assertNoSecret(in log: LogRecorder, sourceLocation: SourceLocation = #_sourceLocation) {
        for secret in secretValues {
            #expect(!log.text.contains(secret), "\(secret) leaked:\n\(log.text)", sourceLocation: sourceLocation)
        }
    }

    @Test(
        "secret headers are masked in the header line, keeping the scheme",
        arguments: [
            NetworkLoggerPlugin.LogOptions.verbose, [.formatRequestAscURL, .successResponseBody],
        ])
    func headersMasked(options: NetworkLoggerPlugin.LogOptions) async throws {
        let log = LogRecorder()
        var target = PluginTarget()
        target.headers = secrets.merging(["Accept": "text/plain"]) { $1 }
        target.authorizationType = nil
        await send(
            target,
            plugins: [
                NetworkLoggerPlugin(
                    configuration: log.configuration(logOptions: options, maskedHeaders: ["x-session-id"]))
            ])

        assertNoSecret(in: log)
        #expect(log.text.contains("Authorization: Bearer ***") || log.text.contains(#""Authorization": "Bearer ***""#))
        #expect(log.text.contains("X-Session-Id: ***") || log.text.contains(#""X-Session-Id": "***""#))
        #expect(log.text.contains("text/plain"), "ordinary headers stay readable")
    }

    @Test("a response body that echoes the request's secrets is masked (httpbin's /headers does)")
    func echoedBodyMasked() async throws {
        let log = LogRecorder()
        var target = PluginTarget()
        target.headers = secrets
        target.authorizationType = nil
        let result = await send(
            target,
            plugins: [
                NetworkLoggerPlugin(
                    configuration: log.configuration(logOptions: .verbose, maskedHeaders: ["X-Session-Id"]))
            ],
            transport: ScriptedTransport.echoingHeaders())

        let body = try result.get().data
        #expect(String(decoding: body, as: UTF8.self).contains("tok-7f3a9c2e51"), "the echo itself is unmasked")
        assertNoSecret(in: log)
        #expect(log.lines("Response Body").first?.contains("***") == true)
    }

    @Test("an error message quoting a secret is masked, even without a response")
    func errorMessageMasked() async {
        let log = LogRecorder()
        await send(
            PluginTarget(headers: ["X-API-Key": "key-93ab10"], authorizationType: nil),
            plugins: [NetworkLoggerPlugin(configuration: log.configuration())],
            transport: ScriptedTransport.failing(MarkerError(name: "proxy rejected key-93ab10")))
        #expect(log.lines("Error").count == 1)
        assertNoSecret(in: log)
    }

    @Test("a secret is masked in its percent-encoded and JSON-escaped forms too")
    func encodedFormsMasked() async {
        let log = LogRecorder()
        let echo = #"{"url":"https://x/?k=key%2Fwith%2Bplus%3D%3D","json":"key\/with+plus=="}"#
        await send(
            PluginTarget(headers: ["X-API-Key": "key/with+plus=="], authorizationType: nil),
            plugins: [NetworkLoggerPlugin(configuration: log.configuration(logOptions: [.successResponseBody]))],
            transport: ScriptedTransport(body: Data(echo.utf8)))
        #expect(log.lines("Response Body") == [#"Response Body: {"url":"https://x/?k=***","json":"***"}"#])
    }

    @Test("Set-Cookie values from the response are masked wherever they appear")
    func setCookieMasked() async {
        let log = LogRecorder()
        let transport = ScriptedTransport(
            status: 200, body: Data(#"{"session":"sc-5d2e7f1a"}"#.utf8),
            headers: ["Set-Cookie": "session=sc-5d2e7f1a; Path=/; HttpOnly"])
        await send(
            plugins: [NetworkLoggerPlugin(configuration: log.configuration(logOptions: .verbose))], transport: transport
        )
        #expect(!log.text.contains("sc-5d2e7f1a"), "\(log.text)")
    }

    @Test("secret query items are masked in the URL, the cURL command and the response line")
    func queryItemsMasked() async {
        let log = LogRecorder()
        var target = PluginTarget()
        target.task = .requestParameters(
            parameters: ["key": "qk-8812ab", "area": "CN"], encoding: URLEncoding.queryString)
        await send(
            target,
            plugins: [
                NetworkLoggerPlugin(configuration: log.configuration(logOptions: .verbose, maskedQueryItems: ["KEY"])),
                NetworkLoggerPlugin(
                    configuration: log.configuration(logOptions: [.formatRequestAscURL], maskedQueryItems: ["key"])),
            ])
        #expect(!log.text.contains("qk-8812ab"))
        #expect(log.text.contains("area=CN"))
    }

    @Test("a token the retry plugin refreshes is masked on each attempt")
    func everyAttemptMasked() async {
        let log = LogRecorder()
        let tokens = TokenSequence(["tok-first-111", "tok-second-222"])
        await send(
            plugins: [
                AccessTokenPlugin { _ in tokens.next() },
                NetworkLoggerPlugin(configuration: log.configuration(logOptions: .verbose)),
                RetryOncePlugin(),
            ],
            transport: FlakyTransport(failures: 1, then: ScriptedTransport.echoingHeaders()))
        #expect(log.lines("Request").count == 2)
        #expect(!log.text.contains("tok-first-111"))
        #expect(!log.text.contains("tok-second-222"))
    }
}
