import Foundation
import Testing

@testable import CourierPlugins

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("NetworkLoggerPlugin: durations and concurrent calls")
struct NetworkLoggerTimingTests {
    @Test("the response line reports the time from willSend to didReceive")
    func durationMeasured() async throws {
        let log = LogRecorder()
        // The fake server takes 80 ms to answer, as a real one would.
        let slow = ScriptedTransport { request in
            try await Task.sleep(nanoseconds: 80_000_000)
            return TransportResponse(response: .make(for: request.urlRequest, status: 200))
        }
        await send(plugins: [NetworkLoggerPlugin(configuration: log.configuration())], transport: slow)
        let line = try #require(log.lines("Response").first)
        let elapsed = try #require(milliseconds(inResponseLine: line))
        // The upper bound only catches a wrong unit; sanitizers and a busy machine slow the call.
        #expect(elapsed >= 80 && elapsed < 30_000, "\(line)")
    }

    @Test("concurrent calls answered in reverse order each get their own URL and secrets")
    func concurrentCallsKeepTheirOwnEntries() async throws {
        let log = LogRecorder()
        let logger = NetworkLoggerPlugin(configuration: log.configuration())
        let transport = GatedTransport()
        let provider = Provider<PluginTarget>(transport: transport, plugins: [logger])
        let first = PluginTarget(path: "/first", headers: ["X-API-Key": "key-first-1111"], authorizationType: nil)
        let second = PluginTarget(path: "/second", headers: ["X-API-Key": "key-second-2222"], authorizationType: nil)

        async let firstResult = try? provider.request(first)
        async let secondResult = try? provider.request(second)
        await transport.waitForStart(of: ["/v1/first", "/v1/second"])
        // Errors without a response: only the logger's own record can name the call and its secrets.
        transport.release("/v1/second", with: .failure(MarkerError(name: "refused key-second-2222")))
        transport.release("/v1/first", with: .failure(MarkerError(name: "refused key-first-1111")))
        _ = await (firstResult, secondResult)

        let errors = log.lines("Error")
        #expect(errors.count == 2)
        let firstError = try #require(errors.first { $0.contains("/v1/first ") })
        let secondError = try #require(errors.first { $0.contains("/v1/second ") })
        #expect(firstError.contains("refused ***"))
        #expect(secondError.contains("refused ***"))
        #expect(!log.text.contains("key-first-1111") && !log.text.contains("key-second-2222"))
        #expect(logger.entriesInFlight == 0)
    }

    @Test("hooks called by hand, outside a task, pair up by method and URL")
    func pairedOutsideATask() throws {
        let log = LogRecorder()
        let logger = NetworkLoggerPlugin(configuration: log.configuration())
        var request = URLRequest(url: URL(string: "https://api.example.com/v1/items")!)
        request.setValue("Bearer tok-hand-1234", forHTTPHeaderField: "Authorization")
        logger.willSend(request, target: PlainTarget())
        let response = Response(
            statusCode: 200, data: Data("echo tok-hand-1234".utf8), request: request,
            response: .make(for: request, status: 200))
        logger.didReceive(.success(response), target: PlainTarget())
        let line = try #require(log.lines("Response").first)
        #expect(milliseconds(inResponseLine: line) != nil, "\(line)")
        #expect(logger.entriesInFlight == 0)
    }

    @Test("durations read as ms below a second and as seconds above")
    func durationText() {
        #expect(NetworkLoggerPlugin.describe(.microseconds(420)) == "0.4 ms")
        #expect(NetworkLoggerPlugin.describe(.milliseconds(12)) == "12 ms")
        #expect(NetworkLoggerPlugin.describe(.milliseconds(1250)) == "1.25 s")
    }

    @Test("timestamps are UTC with milliseconds, before and after the epoch")
    func timestamps() {
        #expect(LogTimestamp.format(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000Z")
        #expect(LogTimestamp.format(Date(timeIntervalSince1970: 951_782_400.5)) == "2000-02-29T00:00:00.500Z")
        #expect(LogTimestamp.format(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59.000Z")
        #expect(LogTimestamp.format(Date(timeIntervalSince1970: 1_767_225_599.999)) == "2025-12-31T23:59:59.999Z")
    }
}
