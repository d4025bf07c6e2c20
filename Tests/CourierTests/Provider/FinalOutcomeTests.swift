import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `didFinish` runs exactly once per call, with the result the caller gets, after every retry.
@Suite("Plugins: the final outcome, once per call")
struct FinalOutcomeTests {
    private static let url = URL(string: "https://api.example.com/v1/items")!

    /// A transport answering `statuses` in turn (the last one repeats).
    private func answering(_ statuses: [Int]) -> ScriptedTransport {
        let queue = LockedState(statuses)
        return ScriptedTransport { request in
            let status = queue.withLock { $0.count > 1 ? $0.removeFirst() : $0.first ?? 200 }
            return TransportResponse(response: .make(for: request.urlRequest, status: status), data: Data("{}".utf8))
        }
    }

    private func provider(
        _ transport: any Transport, retries: Int = 0, attempts: Int = 3, timeout: TimeInterval? = 10,
        recorder: FinishRecorder, stub: Provider<CoreTestTarget>.StubClosure? = nil
    ) -> Provider<CoreTestTarget> {
        Provider<CoreTestTarget>(
            stubClosure: stub ?? Provider.neverStub, transport: transport,
            plugins: [RetryingPlugin(retries: retries), recorder],
            options: ProviderOptions(maximumAttempts: attempts, timeout: timeout))
    }

    private static let validated = CoreTestTarget(validationType: .successCodes)

    @Test("a success: once, with the response, at attempt 1")
    func success() async throws {
        let recorder = FinishRecorder()
        _ = try await provider(answering([200]), recorder: recorder).request(Self.validated)
        #expect(recorder.finishes.map(\.status) == [200])
        #expect(recorder.finishes.map(\.attempt) == [1])
    }

    @Test("a failure nobody retries: once, with the failure")
    func failureWithoutRetry() async {
        let recorder = FinishRecorder()
        _ = try? await provider(answering([503]), recorder: recorder).request(Self.validated)
        #expect(recorder.finishes.map(\.status) == [-503])
        #expect(recorder.finishes.map(\.attempt) == [1])
    }

    @Test("a failure retried, then a success: once, with the success, at attempt 2")
    func retriedThenSuccess() async throws {
        let recorder = FinishRecorder()
        _ = try await provider(answering([503, 200]), retries: 2, recorder: recorder).request(Self.validated)
        #expect(recorder.finishes.map(\.status) == [200])
        #expect(recorder.finishes.map(\.attempt) == [2])
        #expect(recorder.received.map(\.attempt) == [1, 2], "didReceive ran for each attempt")
        #expect(Set(recorder.received.map(\.id)).count == 1, "both attempts belong to one call")
        #expect(recorder.received.first?.id == recorder.finishes.first?.id)
    }

    @Test("a failure retried until the attempts run out: once, with the last failure")
    func retriedThenFailure() async {
        let recorder = FinishRecorder()
        _ = try? await provider(answering([503, 502, 500]), retries: 5, recorder: recorder).request(Self.validated)
        #expect(recorder.finishes.map(\.status) == [-500])
        #expect(recorder.finishes.map(\.attempt) == [3])
        #expect(recorder.received.map(\.attempt) == [1, 2, 3])
    }

    @Test("a cancelled call: once, with the cancellation")
    func cancellation() async {
        let recorder = FinishRecorder()
        let transport = WaitingTransport()
        let provider = provider(transport, timeout: nil, recorder: recorder)
        let call = Task { try await provider.request(Self.validated) }
        _ = await transport.started.nextElement()
        call.cancel()
        let error = await #expect(throws: CourierError.self) { try await call.value }
        #expect(error?.isCancelled == true)
        #expect(recorder.finishes.count == 1)
        #expect(recorder.finishes.first?.error?.isCancelled == true)
    }

    @Test("a call past its deadline: once, with the timeout")
    func deadline() async {
        let recorder = FinishRecorder()
        let transport = WaitingTransport()
        let error = await #expect(throws: CourierError.self) {
            try await provider(transport, timeout: 0.2, recorder: recorder).request(Self.validated)
        }
        #expect(error?.isTimeout == true)
        #expect(recorder.finishes.count == 1)
        #expect(recorder.finishes.first?.error?.isTimeout == true)
    }

    @Test("a stubbed call: once, with the stub")
    func stubbed() async throws {
        let recorder = FinishRecorder()
        let provider = provider(UnreachableTransport(), recorder: recorder, stub: Provider.immediatelyStub)
        _ = try await provider.request(CoreTestTarget())
        #expect(recorder.finishes.map(\.status) == [200])
    }

    @Test("a call whose prepare throws: once, with that failure, and no willSend")
    func prepareThrows() async {
        let recorder = FinishRecorder()
        let provider = Provider<CoreTestTarget>(
            transport: UnreachableTransport(), plugins: [ThrowingPreparePlugin(), recorder])
        _ = try? await provider.request(CoreTestTarget())
        #expect(recorder.finishes.count == 1)
        #expect(recorder.finishes.first?.error != nil)
        #expect(recorder.sent.isEmpty)
    }

    @Test("every entry point: once per call, before the caller gets the result")
    func entryPoints() async throws {
        let recorder = FinishRecorder()
        let provider = provider(answering([503, 200]), retries: 2, recorder: recorder)

        _ = try await provider.request(Self.validated, as: [String: Int].self)
        #expect(recorder.finishes.count == 1)

        let completed = await withCheckedContinuation { continuation in
            provider.request(Self.validated) { _ in continuation.resume(returning: recorder.finishes.count) }
        }
        #expect(completed == 2, "didFinish ran before the completion handler")

        let transport = answering([200])
        let progressProvider = self.provider(transport, recorder: recorder)
        for try await _ in progressProvider.requestWithProgress(Self.validated) {}
        #expect(recorder.finishes.count == 3)

        let destination = FileManager.default.temporaryDirectory
            .appendingPathComponent("courier-finish-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: destination) }
        let download = CoreTestTarget(task: .downloadDestination { _, _ in destination })
        _ = try await self.provider(UnreachableTransport(), recorder: recorder, stub: Provider.immediatelyStub)
            .request(download)
        #expect(recorder.finishes.count == 4)
        #expect(Set(recorder.finishes.map(\.id)).count == 4, "four calls, four ids")
    }

    @Test("a payload that does not decode is the failure didFinish gets")
    func decodingFailure() async {
        let recorder = FinishRecorder()
        _ = try? await provider(answering([200]), recorder: recorder).request(Self.validated, as: [Int].self)
        #expect(recorder.finishes.count == 1)
        #expect(recorder.finishes.first?.error != nil)
    }
}

@Suite("Plugins: the call context")
struct CallContextTests {
    @Test("every hook sees the call and its attempt; nothing outside a call")
    func hooksSeeTheirAttempt() async throws {
        #expect(CallContext.current == nil)
        let recorder = FinishRecorder()
        let statuses = LockedState([503, 200])
        let transport = ScriptedTransport { request in
            let status = statuses.withLock { $0.count > 1 ? $0.removeFirst() : $0.first ?? 200 }
            return TransportResponse(response: .make(for: request.urlRequest, status: status), data: Data())
        }
        let before = ContinuousClock.now
        let provider = Provider<CoreTestTarget>(
            transport: transport, plugins: [recorder, RetryingPlugin(retries: 1)])
        _ = try await provider.request(CoreTestTarget(validationType: .successCodes))
        #expect(recorder.prepared.map(\.attempt) == [1, 2])
        #expect(recorder.sent.map(\.attempt) == [1, 2])
        #expect(recorder.retried.map(\.attempt) == [1])
        let contexts = recorder.prepared + recorder.sent + recorder.received + recorder.retried
        #expect(Set(contexts.map(\.id)).count == 1)
        #expect(Set(contexts.map(\.startedAt)).count == 1)
        #expect(contexts.allSatisfy { $0.startedAt >= before && $0.timings == nil })
        #expect(CallContext.current == nil)
    }

    @Test("concurrent calls have distinct ids")
    func distinctIDs() async throws {
        let recorder = FinishRecorder()
        let provider = Provider<CoreTestTarget>(transport: ScriptedTransport(), plugins: [recorder])
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<20 { group.addTask { _ = try await provider.request(CoreTestTarget()) } }
            try await group.waitForAll()
        }
        #expect(Set(recorder.finishes.map(\.id)).count == 20)
    }
}

/// Records what every hook saw, with the call context it saw it in.
private final class FinishRecorder: PluginType {
    struct Finish: Sendable {
        /// The status of a success, minus the status of a failure with a response, 0 otherwise.
        var status: Int
        var error: CourierError?
        var id: UInt64
        var attempt: Int
    }

    private let state = LockedState<(finishes: [Finish], hooks: [String: [CallContext]])>(([], [:]))

    var finishes: [Finish] { state.withLock { $0.finishes } }
    var prepared: [CallContext] { contexts("prepare") }
    var sent: [CallContext] { contexts("willSend") }
    var received: [CallContext] { contexts("didReceive") }
    var retried: [CallContext] { contexts("retry") }

    private func contexts(_ hook: String) -> [CallContext] { state.withLock { $0.hooks[hook] ?? [] } }

    private func note(_ hook: String) {
        guard let context = CallContext.current else {
            Issue.record("\(hook) ran without a call context")
            return
        }
        state.withLock { $0.hooks[hook, default: []].append(context) }
    }

    func prepare(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
        note("prepare")
        return request
    }

    func willSend(_ request: URLRequest, target: any TargetType) { note("willSend") }

    func didReceive(_ result: Result<Response, CourierError>, target: any TargetType) { note("didReceive") }

    func retry(_ request: URLRequest, target: any TargetType, dueTo error: CourierError, attempt: Int) async
        -> RetryDecision
    {
        note("retry")
        #expect(CallContext.current?.attempt == attempt)
        return .doNotRetry
    }

    func didFinish(_ result: Result<Response, CourierError>, target: any TargetType) {
        let context = CallContext.current
        if context == nil { Issue.record("didFinish ran without a call context") }
        let finish: Finish
        switch result {
        case .success(let response):
            finish = Finish(status: response.statusCode, id: context?.id ?? 0, attempt: context?.attempt ?? 0)
        case .failure(let error):
            finish = Finish(
                status: -(error.response?.statusCode ?? 0), error: error, id: context?.id ?? 0,
                attempt: context?.attempt ?? 0)
        }
        state.withLock { $0.finishes.append(finish) }
    }
}

/// Retries any failure, up to `retries` times.
private struct RetryingPlugin: PluginType {
    let retries: Int

    func retry(_ request: URLRequest, target: any TargetType, dueTo error: CourierError, attempt: Int) async
        -> RetryDecision
    {
        attempt <= retries ? .retry : .doNotRetry
    }
}

private struct ThrowingPreparePlugin: PluginType {
    func prepare(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
        throw MarkerError(name: "prepare")
    }
}

/// Waits until its call is cancelled, and tells the test when a call reached it.
private final class WaitingTransport: Transport {
    private let startedContinuation: AsyncStream<Void>.Continuation
    let started: AsyncStream<Void>

    init() {
        (started, startedContinuation) = AsyncStream.makeStream(of: Void.self)
    }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        startedContinuation.yield()
        try await Task.sleep(nanoseconds: 3_600 * 1_000_000_000)
        throw MarkerError(name: "never cancelled")
    }
}
