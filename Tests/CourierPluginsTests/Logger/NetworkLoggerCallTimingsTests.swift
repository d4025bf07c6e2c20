import Foundation
import Testing

@testable import CourierPlugins

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("NetworkLoggerPlugin: the transport's timings")
struct NetworkLoggerCallTimingsTests {
    /// Answers 200 with timings, as a transport that measures them does.
    private static func timedTransport(_ timings: CallTimings) -> ScriptedTransport {
        ScriptedTransport { request in
            var answer = TransportResponse(response: .make(for: request.urlRequest, status: 200))
            answer.timings = timings
            return answer
        }
    }

    @Test("verbose output shows the measured phases on the response line")
    func verboseShowsTimings() async throws {
        let log = LogRecorder()
        let timings = CallTimings(
            waitingForConnection: .microseconds(1_500), connecting: .microseconds(1_200),
            firstByte: .microseconds(3_400), total: .microseconds(3_600))
        await send(
            plugins: [NetworkLoggerPlugin(configuration: log.configuration(logOptions: .verbose))],
            transport: Self.timedTransport(timings))
        let line = try #require(log.lines("Response").first)
        #expect(line.hasSuffix("; waiting 1.5 ms, connect 1.2 ms, first byte 3.4 ms, total 3.6 ms)"), "\(line)")
    }

    @Test("only the phases measured are shown")
    func onlyMeasuredPhases() async throws {
        let log = LogRecorder()
        await send(
            plugins: [NetworkLoggerPlugin(configuration: log.configuration(logOptions: .timings))],
            transport: Self.timedTransport(CallTimings(total: .milliseconds(25))))
        let line = try #require(log.lines("Response").first)
        #expect(line.hasSuffix("; total 25 ms)"), "\(line)")
        #expect(!line.contains("connect") && !line.contains("first byte"))
    }

    @Test("the default output, and a transport that measures nothing, show no timings")
    func defaultAndUnmeasuredShowNone() async throws {
        let log = LogRecorder()
        await send(
            plugins: [NetworkLoggerPlugin(configuration: log.configuration())],
            transport: Self.timedTransport(CallTimings(connecting: .milliseconds(1), total: .milliseconds(2))))
        await send(
            plugins: [NetworkLoggerPlugin(configuration: log.configuration(logOptions: .verbose))],
            transport: ScriptedTransport(status: 200))
        let lines = log.lines("Response")
        #expect(lines.count == 2)
        for line in lines {
            #expect(!line.contains(";") && !line.contains("total"), "\(line)")
            #expect(milliseconds(inResponseLine: line) != nil, "\(line)")
        }
    }
}
