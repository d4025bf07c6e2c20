import Foundation
import Testing

@testable import CourierPlugins

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A count shared across tasks.
private final class Tally: Sendable {
    private let count = LockedState(0)

    /// Adds one and returns the new count.
    @discardableResult
    func bump() -> Int {
        count.withLock { count in
            count += 1
            return count
        }
    }

    var value: Int { count.withLock { $0 } }
}

/// `Configuration(lazyOutput:)`: lines are formatted only when the output asks for them.
@Suite("NetworkLoggerPlugin: lazy output")
struct NetworkLoggerLazyOutputTests {
    private let token = "tok-7f3a9c2e51"

    /// A formatter that counts every line and body it formats, and stamps no time.
    private func countingFormatter(_ count: Tally) -> NetworkLoggerPlugin.Formatter {
        NetworkLoggerPlugin.Formatter(
            entry: { identifier, message, _ in
                count.bump()
                return "\(identifier): \(message)"
            },
            requestData: { data in
                count.bump()
                return String(decoding: data, as: UTF8.self)
            },
            responseData: { data in
                count.bump()
                return String(decoding: data, as: UTF8.self)
            })
    }

    /// A form POST with a bearer token, answered with a body that echoes the token.
    private func call(_ logger: NetworkLoggerPlugin) async {
        let target = PluginTarget(
            method: .post, task: .requestParameters(parameters: ["page": 1], encoding: URLEncoding.httpBody))
        await send(
            target, plugins: [AccessTokenPlugin { _ in token }, logger],
            transport: ScriptedTransport(body: Data(#"{"echo":"Bearer \#(token)"}"#.utf8)))
    }

    /// `lines` with the duration of the response line left out.
    private func withoutDurations(_ lines: [String]) -> [String] {
        lines.map { $0.replacing(#/\(\d+(\.\d+)? m?s\)/#, with: "(…)") }
    }

    @Test("an output that never asks for the lines costs no formatting at all, and forgets the call")
    func neverAsked() async {
        let formatted = Tally()
        let calls = Tally()
        let logger = NetworkLoggerPlugin(
            configuration: .init(
                formatter: countingFormatter(formatted), lazyOutput: { _, _ in calls.bump() },
                logOptions: .verbose))
        await call(logger)
        #expect(calls.value == 2)
        #expect(formatted.value == 0)
        #expect(logger.entriesInFlight == 0)
    }

    @Test(
        "an output that asks gets the lines the eager output gets",
        arguments: [
            NetworkLoggerPlugin.LogOptions.verbose, .default, [.formatRequestAscURL, .successResponseBody],
        ])
    func askedMatchesEager(options: NetworkLoggerPlugin.LogOptions) async {
        let eager = Recorder<String>()
        let lazy = Recorder<String>()
        let formatted = Tally()
        await call(
            NetworkLoggerPlugin(
                configuration: .init(
                    formatter: countingFormatter(formatted), output: { _, lines in eager.append(contentsOf: lines) },
                    logOptions: options)))
        await call(
            NetworkLoggerPlugin(
                configuration: .init(
                    formatter: countingFormatter(formatted),
                    lazyOutput: { _, lines in lazy.append(contentsOf: lines()) }, logOptions: options)))
        #expect(!eager.all.isEmpty)
        #expect(withoutDurations(lazy.all) == withoutDurations(eager.all))
        #expect(!lazy.all.joined().contains(token))
    }

    @Test("asked only for the response, the lines still mask the request's secrets and time the call")
    func responseOnly() async throws {
        let lines = Recorder<String>()
        let batches = Tally()
        let logger = NetworkLoggerPlugin(
            configuration: .init(
                lazyOutput: { _, makeLines in
                    if batches.bump() == 2 { lines.append(contentsOf: makeLines()) }
                },
                logOptions: .verbose))
        await call(logger)
        let text = lines.all.joined(separator: "\n")
        #expect(text.contains("Response"))
        #expect(text.contains("POST https://api.example.com/v1/items"))
        #expect(!text.contains(token), "\(text)")
        #expect(!text.contains("duration unknown"), "\(text)")
        let responseLine = try #require(lines.all.first { $0.contains("Response:") })
        #expect(responseLine.contains(" ms)") || responseLine.contains(" s)"), "\(responseLine)")
    }

    @Test("an output set after a lazy init receives the lines as arrays")
    func outputSetLater() async {
        let lines = Recorder<String>()
        var configuration = NetworkLoggerPlugin.Configuration(lazyOutput: { _, _ in })
        configuration.output = { _, batch in lines.append(contentsOf: batch) }
        await call(NetworkLoggerPlugin(configuration: configuration))
        #expect(lines.all.contains { $0.contains("Request") })
        #expect(lines.all.contains { $0.contains("Response") })
    }

    @Test("the output property of a lazy configuration hands the lines it is given to the lazy output")
    func outputOfLazyConfiguration() {
        let lines = Recorder<String>()
        let configuration = NetworkLoggerPlugin.Configuration(lazyOutput: { _, makeLines in
            lines.append(contentsOf: makeLines())
        })
        configuration.output(PlainTarget(), ["a", "b"])
        #expect(lines.all == ["a", "b"])
    }
}
