import Foundation
import Testing

@testable import CourierPlugins

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("NetworkLoggerPlugin: options and lines")
struct NetworkLoggerOptionsTests {
    @Test("the default options log the URL, the headers and the method, then the response line")
    func defaultOptions() async throws {
        let log = LogRecorder()
        var target = PluginTarget()
        target.headers = ["Accept": "application/json"]
        await send(target, plugins: [NetworkLoggerPlugin(configuration: log.configuration())])

        #expect(log.lines("Request") == ["Request: https://api.example.com/v1/items"])
        #expect(log.lines("Request Headers") == [#"Request Headers: ["Accept": "application/json"]"#])
        #expect(log.lines("HTTP Request Method") == ["HTTP Request Method: GET"])
        #expect(log.lines("Request Body").isEmpty)
        #expect(log.lines("Response Body").isEmpty)
        let response = try #require(log.lines("Response").first)
        #expect(response.hasPrefix("Response: 200 GET https://api.example.com/v1/items ("))
        #expect(milliseconds(inResponseLine: response) != nil, "no duration in \(response)")
    }

    @Test("verbose adds the request body and the response body")
    func verbose() async throws {
        let log = LogRecorder()
        var target = PluginTarget()
        target.method = .post
        target.task = .requestData(Data(#"{"page":1}"#.utf8))
        await send(
            target, plugins: [NetworkLoggerPlugin(configuration: log.configuration(logOptions: .verbose))],
            transport: ScriptedTransport(body: Data(#"{"records":[]}"#.utf8)))

        #expect(log.lines("Request Body") == [#"Request Body: {"page":1}"#])
        #expect(log.lines("Response Body") == [#"Response Body: {"records":[]}"#])
        #expect(log.lines("HTTP Request Method") == ["HTTP Request Method: POST"])
    }

    @Test("without requestMethod or requestHeaders only the URL line is logged for the request")
    func noOptions() async {
        let log = LogRecorder()
        await send(plugins: [NetworkLoggerPlugin(configuration: log.configuration(logOptions: []))])
        #expect(log.lines.count == 2)
        #expect(log.lines.first == "Request: https://api.example.com/v1/items")
        #expect(log.lines.last?.hasPrefix("Response: 200 ") == true)
    }

    @Test("a failed response logs its status line, its body with errorResponseBody, and the error")
    func failureWithResponse() async throws {
        let log = LogRecorder()
        var target = PluginTarget()
        target.validationType = .successCodes
        let result = await send(
            target, plugins: [NetworkLoggerPlugin(configuration: log.configuration(logOptions: [.errorResponseBody]))],
            transport: ScriptedTransport(status: 503, body: Data("upstream down".utf8)))

        guard case .failure(.statusCode) = result else {
            Issue.record("expected .statusCode, got \(result)")
            return
        }
        #expect(log.lines("Response").first?.hasPrefix("Response: 503 GET https://api.example.com/v1/items (") == true)
        #expect(log.lines("Response Body") == ["Response Body: upstream down"])
        #expect(log.lines("Error").first?.contains("HTTP 503") == true)
    }

    @Test("successResponseBody does not log the body of a failure, nor errorResponseBody that of a success")
    func bodyOptionsAreSeparate() async {
        let successOnly = LogRecorder()
        var target = PluginTarget()
        target.validationType = .successCodes
        await send(
            target,
            plugins: [
                NetworkLoggerPlugin(configuration: successOnly.configuration(logOptions: [.successResponseBody]))
            ],
            transport: ScriptedTransport(status: 500, body: Data("oops".utf8)))
        #expect(successOnly.lines("Response Body").isEmpty)

        let errorOnly = LogRecorder()
        await send(plugins: [
            NetworkLoggerPlugin(configuration: errorOnly.configuration(logOptions: [.errorResponseBody]))
        ])
        #expect(errorOnly.lines("Response Body").isEmpty)
    }

    @Test("a call that fails without a response logs method, URL and duration in its error line")
    func failureWithoutResponse() async throws {
        let log = LogRecorder()
        await send(
            plugins: [NetworkLoggerPlugin(configuration: log.configuration())],
            transport: ScriptedTransport.failing(URLError(.cannotConnectToHost)))
        let error = try #require(log.lines("Error").first)
        #expect(error.hasPrefix("Error: GET https://api.example.com/v1/items failed after "))
        #expect(error.contains(" ms: "))
        #expect(log.lines("Response").isEmpty)
    }

    @Test("a cancelled call says so")
    func cancelled() async throws {
        let log = LogRecorder()
        let transport = SuspendingTransport()
        let call = Task {
            await send(plugins: [NetworkLoggerPlugin(configuration: log.configuration())], transport: transport)
        }
        _ = await transport.started.nextElement()
        call.cancel()
        _ = await call.value
        let error = try #require(log.lines("Error").first)
        #expect(error.contains("GET https://api.example.com/v1/items cancelled after"))
    }

    @Test("the output receives the real target of a MultiTarget")
    func multiTarget() async throws {
        let log = LogRecorder()
        let provider = Provider<MultiTarget>(
            transport: ScriptedTransport(), plugins: [NetworkLoggerPlugin(configuration: log.configuration())])
        _ = try await provider.request(.target(PluginTarget()))
        #expect(log.targets == ["PluginTarget", "PluginTarget"])
    }

    @Test("a switched-off logger formats nothing and outputs nothing")
    func disabled() async {
        let calls = LockedState(0)
        let formatter = NetworkLoggerPlugin.Formatter(
            entry: { _, message, _ in
                calls.withLock { $0 += 1 }
                return message
            },
            requestData: { _ in
                calls.withLock { $0 += 1 }
                return ""
            },
            responseData: { _ in
                calls.withLock { $0 += 1 }
                return ""
            })
        let logger = NetworkLoggerPlugin(
            configuration: .init(
                formatter: formatter, output: { _, _ in calls.withLock { $0 += 1 } }, logOptions: .verbose,
                isEnabled: { _ in false }))
        await send(plugins: [logger])
        #expect(calls.withLock { $0 } == 0)
    }

    @Test("body formatters run only when an option asks for that body")
    func formattersAreLazy() async {
        let bodiesFormatted = LockedState(0)
        let formatter = NetworkLoggerPlugin.Formatter(
            requestData: { data in
                bodiesFormatted.withLock { $0 += 1 }
                return String(decoding: data, as: UTF8.self)
            },
            responseData: { data in
                bodiesFormatted.withLock { $0 += 1 }
                return String(decoding: data, as: UTF8.self)
            })
        var target = PluginTarget()
        target.method = .post
        target.task = .requestData(Data("payload".utf8))
        let logger = NetworkLoggerPlugin(configuration: .init(formatter: formatter, output: { _, _ in }))
        await send(target, plugins: [logger])
        #expect(bodiesFormatted.withLock { $0 } == 0)

        let verbose = NetworkLoggerPlugin(
            configuration: .init(formatter: formatter, output: { _, _ in }, logOptions: .verbose))
        await send(target, plugins: [verbose])
        #expect(bodiesFormatted.withLock { $0 } == 2)
    }

    @Test("the default entry formatter stamps each line with a UTC time")
    func defaultEntry() {
        let line = NetworkLoggerPlugin.Formatter.defaultEntryFormatter(
            identifier: "Request", message: "https://x", target: PlainTarget())
        let pattern = #/^Courier_Logger: \[\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z\] Request: https://x$/#
        #expect(line.wholeMatch(of: pattern) != nil, "\(line)")
    }

    @Test("every willSend entry is paired and forgotten by its didReceive")
    func ledgerDoesNotGrow() async {
        let logger = NetworkLoggerPlugin(configuration: .init(output: { _, _ in }))
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<50 {
                group.addTask {
                    await send(
                        PluginTarget(path: "/items/\(index)"), plugins: [logger],
                        transport: index % 2 == 0 ? ScriptedTransport() : .failing(URLError(.timedOut)))
                }
            }
        }
        #expect(logger.entriesInFlight == 0)
    }
}
