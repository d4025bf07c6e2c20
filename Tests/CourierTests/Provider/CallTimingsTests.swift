import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Plugins: the call's timings")
struct CallTimingsTests {
    private static let first = CallTimings(
        waitingForConnection: .milliseconds(3), connecting: .milliseconds(2), firstByte: .milliseconds(5),
        total: .milliseconds(6))
    private static let second = CallTimings(waitingForConnection: .microseconds(40), total: .milliseconds(1))

    @Test("hooks see each attempt's timings from didReceive on; didFinish the last attempt's")
    func hooksSeeTheAttemptsTimings() async throws {
        let recorder = TimingsRecorder()
        let answers = LockedState<[(Int, CallTimings)]>([(503, Self.first), (200, Self.second)])
        let transport = ScriptedTransport { request in
            let (status, timings) = answers.withLock { $0.removeFirst() }
            var answer = TransportResponse(response: .make(for: request.urlRequest, status: status))
            answer.timings = timings
            return answer
        }
        let provider = Provider<CoreTestTarget>(transport: transport, plugins: [recorder, RetryOnce()])
        _ = try await provider.request(CoreTestTarget(validationType: .successCodes))

        #expect(recorder.seen("willSend") == [nil, nil])
        #expect(recorder.seen("didReceive") == [Self.first, Self.second])
        #expect(recorder.seen("process") == [Self.first, Self.second])
        #expect(recorder.seen("retry") == [Self.first])
        #expect(recorder.seen("didFinish") == [Self.second])
        #expect(CallContext.current == nil)
    }

    @Test("a last attempt whose transport threw leaves didFinish without timings")
    func failedLastAttemptHasNone() async throws {
        let recorder = TimingsRecorder()
        let calls = LockedState(0)
        let transport = ScriptedTransport { request in
            guard
                calls.withLock({
                    $0 += 1
                    return $0
                }) == 1
            else { throw URLError(.timedOut) }
            var answer = TransportResponse(response: .make(for: request.urlRequest, status: 503))
            answer.timings = Self.first
            return answer
        }
        let provider = Provider<CoreTestTarget>(transport: transport, plugins: [recorder, RetryOnce()])
        _ = try? await provider.request(CoreTestTarget(validationType: .successCodes))

        #expect(recorder.seen("didReceive") == [Self.first, nil])
        #expect(recorder.seen("didFinish") == [nil])
    }

    @Test("the Plugins guide's slow-call reporter reports a call over its limit")
    func readmeSlowCallReporter() async throws {
        let reports = LockedState<[String]>([])
        let transport = ScriptedTransport { request in
            var answer = TransportResponse(response: .make(for: request.urlRequest, status: 200))
            answer.timings = Self.first
            return answer
        }
        let reporter = SlowCallReporter(
            limit: .milliseconds(5), report: { line in reports.withLock { $0.append(line) } })
        let provider = Provider<CoreTestTarget>(transport: transport, plugins: [reporter])
        _ = try await provider.request(CoreTestTarget())
        let quiet = Provider<CoreTestTarget>(
            transport: transport, plugins: [SlowCallReporter(limit: .seconds(1), report: { _ in Issue.record() })])
        _ = try await quiet.request(CoreTestTarget())
        #expect(reports.withLock { $0 } == ["\(CoreTestTarget().path): 0.006 seconds (first byte 0.005 seconds)"])
    }

    @Test("a stubbed call has no timings")
    func stubbedCallHasNone() async throws {
        let recorder = TimingsRecorder()
        let provider = Provider<CoreTestTarget>(stubClosure: { _ in .immediate }, plugins: [recorder])
        _ = try await provider.request(CoreTestTarget())
        #expect(recorder.seen("didReceive") == [nil])
        #expect(recorder.seen("didFinish") == [nil])
    }
}

// The Plugins guide's example, exactly as shown there.
struct SlowCallReporter: PluginType {
    var limit: Duration = .milliseconds(500)
    var report: @Sendable (String) -> Void = { print($0) }

    func didReceive(_ result: Result<Response, CourierError>, target: any TargetType) {
        guard let timings = CallContext.current?.timings, let total = timings.total, total > limit else { return }
        report("\(target.path): \(total) (first byte \(timings.firstByte ?? .zero))")
    }
}

/// Records, per hook, the timings of the call context each call of it saw.
private final class TimingsRecorder: PluginType {
    private let state = LockedState<[String: [CallTimings?]]>([:])

    func seen(_ hook: String) -> [CallTimings?] { state.withLock { $0[hook] ?? [] } }

    private func note(_ hook: String) {
        guard let context = CallContext.current else {
            Issue.record("\(hook) ran without a call context")
            return
        }
        state.withLock { $0[hook, default: []].append(context.timings) }
    }

    func willSend(_ request: URLRequest, target: any TargetType) { note("willSend") }

    func didReceive(_ result: Result<Response, CourierError>, target: any TargetType) { note("didReceive") }

    func process(_ result: Result<Response, CourierError>, target: any TargetType) async
        -> Result<Response, CourierError>
    {
        note("process")
        return result
    }

    func retry(_ request: URLRequest, target: any TargetType, dueTo error: CourierError, attempt: Int) async
        -> RetryDecision
    {
        note("retry")
        return .doNotRetry
    }

    func didFinish(_ result: Result<Response, CourierError>, target: any TargetType) { note("didFinish") }
}

/// Asks for one retry.
private struct RetryOnce: PluginType {
    func retry(_ request: URLRequest, target: any TargetType, dueTo error: CourierError, attempt: Int) async
        -> RetryDecision
    {
        attempt == 1 ? .retry : .doNotRetry
    }
}
