import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The plugin chain, as the README lists it: prepare → willSend → transport or stub →
/// validation → didReceive → process → retry (from prepare again), in array order.
@Suite("Plugin chain")
struct PluginChainTests {
    @Test("every hook runs in array order, in the documented sequence")
    func order() async {
        let events = ChainEvents()
        let transport = ChainTransport(events: events, status: 500)
        let provider = Provider<ChainTarget>(
            transport: transport,
            plugins: [EventPlugin(name: "A", events: events), EventPlugin(name: "B", events: events)])
        _ = try? await provider.request(ChainTarget(validationType: .successCodes))
        #expect(
            events.hooks == [
                "A.prepare", "B.prepare", "A.willSend", "B.willSend", "transport", "A.didReceive", "B.didReceive",
                "A.process", "B.process", "A.retry", "B.retry",
            ])
    }

    @Test("in stub mode the same hooks run in the same order, and nothing reaches the transport")
    func stubbed() async throws {
        for stub in [StubBehavior.immediate, .delayed(seconds: 0.01)] {
            let events = ChainEvents()
            let provider = Provider<ChainTarget>(
                stubClosure: { _ in stub }, transport: ChainTransport(events: events),
                plugins: [EventPlugin(name: "A", events: events), EventPlugin(name: "B", events: events)])
            let response = try await provider.request(ChainTarget())
            #expect(response.data == Data("sample".utf8))
            #expect(
                events.hooks == [
                    "A.prepare", "B.prepare", "A.willSend", "B.willSend", "A.didReceive", "B.didReceive", "A.process",
                    "B.process",
                ])
        }
    }

    @Test("each prepare receives the previous one's request, and willSend and the transport get the last")
    func prepareChains() async throws {
        let events = ChainEvents()
        let transport = ChainTransport(events: events)
        let provider = Provider<ChainTarget>(
            transport: transport,
            plugins: [
                HeaderPlugin(name: "X-Step", value: { _ in "1" }),
                HeaderPlugin(name: "X-Step", value: { previous in (previous ?? "") + "2" }),
                EventPlugin(name: "C", events: events),
            ])
        _ = try await provider.request(ChainTarget())
        #expect(transport.requests.first?.value(forHTTPHeaderField: "X-Step") == "12")
        #expect(events.all.contains("C.willSend X-Step=12"))
    }

    @Test("a throwing prepare ends the call with the error wrapped: no later prepare, no willSend, no send")
    func throwingPrepare() async {
        let events = ChainEvents()
        let transport = ChainTransport(events: events)
        let provider = Provider<ChainTarget>(
            transport: transport,
            plugins: [
                EventPlugin(name: "A", events: events), ThrowingPlugin(error: ChainError(name: "no token")),
                EventPlugin(name: "C", events: events),
            ])
        do {
            _ = try await provider.request(ChainTarget())
            Issue.record("expected a failure")
        } catch CourierError.underlying(let error, nil) {
            #expect(error as? ChainError == ChainError(name: "no token"))
        } catch {
            Issue.record("expected .underlying, got \(error)")
        }
        #expect(events.all == ["A.prepare"])
        #expect(transport.requests.isEmpty)
    }

    @Test("a CourierError thrown by prepare is passed on as it is")
    func throwingCourierError() async {
        let provider = Provider<ChainTarget>(
            transport: ChainTransport(events: ChainEvents()),
            plugins: [ThrowingPlugin(error: CourierError.requestMapping("signing failed"))])
        do {
            _ = try await provider.request(ChainTarget())
            Issue.record("expected a failure")
        } catch CourierError.requestMapping(let message) {
            #expect(message == "signing failed")
        } catch {
            Issue.record("expected .requestMapping, got \(error)")
        }
    }

    @Test("process rewrites results in a chain: didReceive sees the original, each process the previous")
    func processRewrites() async throws {
        let events = ChainEvents()
        let provider = Provider<ChainTarget>(
            transport: ChainTransport(events: events, status: 500),
            plugins: [
                EventPlugin(name: "A", events: events),
                RewritePlugin { result in
                    // A failure becomes a success…
                    if case .failure = result {
                        return .success(Response(statusCode: 200, data: Data("recovered".utf8)))
                    }
                    return result
                },
                EventPlugin(name: "B", events: events),
                RewritePlugin { result in
                    // …and this one turns that success back into a failure carrying it.
                    guard case .success(let response) = result else { return result }
                    return .failure(.statusCode(response))
                },
                EventPlugin(name: "C", events: events),
            ])
        do {
            _ = try await provider.request(ChainTarget(validationType: .successCodes))
            Issue.record("expected a failure")
        } catch CourierError.statusCode(let response) {
            #expect(String(decoding: response.data, as: UTF8.self) == "recovered")
        }
        let log = events.all
        #expect(log.contains("A.didReceive failure") && log.contains("C.didReceive failure"))
        #expect(log.contains("A.process failure"))
        #expect(log.contains("B.process success"))
        #expect(log.contains("C.process failure"))
    }

    @Test("a process that turns a failure into a success ends the call successfully, with no retry")
    func processRecovers() async throws {
        let events = ChainEvents()
        let provider = Provider<ChainTarget>(
            transport: ChainTransport(events: events, error: URLError(.notConnectedToInternet)),
            plugins: [
                RewritePlugin { _ in .success(Response(statusCode: 200, data: Data("cached".utf8))) },
                EventPlugin(name: "A", events: events),
            ])
        let response = try await provider.request(ChainTarget())
        #expect(response.data == Data("cached".utf8))
        #expect(!events.all.contains("A.retry"))
    }

    @Test("the first answer other than doNotRetry wins, and the retry runs again from prepare")
    func retryReplaysThroughPrepare() async throws {
        let events = ChainEvents()
        let tokens = LockedState(["tok-1", "tok-2"])
        let transport = ChainTransport(events: events) { request in
            request.value(forHTTPHeaderField: "Authorization") == "Bearer tok-2" ? 200 : 401
        }
        let provider = Provider<ChainTarget>(
            transport: transport,
            plugins: [
                HeaderPlugin(name: "Authorization", value: { _ in "Bearer " + tokens.withLock { $0.removeFirst() } }),
                DecisionPlugin(name: "A", events: events, decision: .doNotRetry),
                DecisionPlugin(name: "B", events: events, decision: .retry),
                DecisionPlugin(name: "C", events: events, decision: .doNotRetry),
            ])
        let response = try await provider.request(ChainTarget())
        #expect(response.statusCode == 200)
        #expect(
            events.all.filter { $0.hasSuffix("retry") } == ["A.retry", "B.retry"], "C is not asked once B answered")
        #expect(
            transport.requests.map { $0.value(forHTTPHeaderField: "Authorization") } == [
                "Bearer tok-1", "Bearer tok-2",
            ])
    }

    @Test("attempts stop at maximumAttempts, each numbered", arguments: [1, 2, 3, 5])
    func attemptBound(maximumAttempts: Int) async {
        let events = ChainEvents()
        let transport = ChainTransport(events: events, error: URLError(.timedOut))
        let provider = Provider<ChainTarget>(
            transport: transport, plugins: [DecisionPlugin(name: "A", events: events, decision: .retry)],
            options: ProviderOptions(maximumAttempts: maximumAttempts))
        do {
            _ = try await provider.request(ChainTarget())
            Issue.record("expected a failure")
        } catch {
            #expect((error as? CourierError)?.isTimeout == true)
        }
        #expect(transport.requests.count == maximumAttempts)
        #expect(events.all.filter { $0.hasPrefix("A.retry") } == (1..<maximumAttempts).map { _ in "A.retry" })
        #expect(events.attempts == Array(1..<maximumAttempts))
    }

    @Test("the default is 3 attempts in all")
    func defaultBound() async {
        let events = ChainEvents()
        let transport = ChainTransport(events: events, error: URLError(.timedOut))
        let provider = Provider<ChainTarget>(
            transport: transport, plugins: [DecisionPlugin(name: "A", events: events, decision: .retry)])
        _ = try? await provider.request(ChainTarget())
        #expect(transport.requests.count == 3)
    }

    @Test("a retryAfter wait ends as soon as the call is cancelled, and a cancelled call is not retried")
    func retryWaitHonoursCancellation() async {
        let events = ChainEvents()
        let transport = ChainTransport(events: events, error: URLError(.timedOut))
        let provider = Provider<ChainTarget>(
            transport: transport,
            plugins: [DecisionPlugin(name: "A", events: events, decision: .retryAfter(3600))])
        let call = Task { try await provider.request(ChainTarget()) }
        await events.wait(for: "A.retry")
        call.cancel()
        do {
            _ = try await call.value
            Issue.record("expected a failure")
        } catch {
            #expect((error as? CourierError)?.isCancelled == true, "\(error)")
        }
        #expect(transport.requests.count == 1)
    }

    @Test("every willSend is followed by exactly one didReceive, also when the call is cancelled")
    func cancelledCallsBalance() async {
        let events = ChainEvents()
        let transport = ChainTransport(events: events, suspends: true)
        let provider = Provider<ChainTarget>(transport: transport, plugins: [EventPlugin(name: "A", events: events)])
        let call = Task { try await provider.request(ChainTarget()) }
        await events.wait(for: "transport")
        call.cancel()
        _ = try? await call.value
        let log = events.all
        #expect(events.hooks.filter { $0 == "A.willSend" }.count == 1)
        #expect(log.filter { $0.hasPrefix("A.didReceive ") } == ["A.didReceive failure"])
        #expect(!log.contains("A.retry"), "a cancelled call is never retried")
    }
}

// MARK: - Test doubles

/// A target whose properties a test sets directly.
private struct ChainTarget: TargetType {
    var baseURL = URL(string: "https://chain.example.com")!
    var path = "/items"
    var method: HTTPMethod = .get
    var task: RequestTask = .requestPlain
    var sampleData = Data("sample".utf8)
    var validationType: ValidationType = .none
}

private struct ChainError: Error, Equatable {
    var name: String
}

/// What the hooks saw, in order; awaitable.
private final class ChainEvents: Sendable {
    private let state = LockedState<(events: [String], attempts: [Int])>(([], []))
    private let continuation: AsyncStream<String>.Continuation
    private let stream: AsyncStream<String>

    init() {
        (stream, continuation) = AsyncStream.makeStream(of: String.self)
    }

    var all: [String] { state.withLock { $0.events } }
    /// The hook events alone (`A.prepare`), without the details recorded next to them.
    var hooks: [String] { all.filter { !$0.contains(" ") } }
    var attempts: [Int] { state.withLock { $0.attempts } }

    func record(_ event: String, attempt: Int? = nil) {
        state.withLock {
            $0.events.append(event)
            if let attempt { $0.attempts.append(attempt) }
        }
        continuation.yield(event)
    }

    /// Waits until `event` has been recorded.
    func wait(for event: String) async {
        if all.contains(event) { return }
        for await recorded in stream where recorded == event { return }
    }
}

/// Records each hook; `willSend` notes the `X-Step` header, results are noted as success or failure.
private struct EventPlugin: PluginType {
    let name: String
    let events: ChainEvents

    func prepare(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
        events.record("\(name).prepare")
        return request
    }

    func willSend(_ request: URLRequest, target: any TargetType) {
        let step = request.value(forHTTPHeaderField: "X-Step").map { " X-Step=\($0)" } ?? ""
        events.record("\(name).willSend\(step)")
        if !step.isEmpty { events.record("\(name).willSend") }
    }

    func didReceive(_ result: Result<Response, CourierError>, target: any TargetType) {
        events.record("\(name).didReceive")
        events.record("\(name).didReceive \(Self.outcome(result))")
    }

    func process(_ result: Result<Response, CourierError>, target: any TargetType) async
        -> Result<Response, CourierError>
    {
        events.record("\(name).process")
        events.record("\(name).process \(Self.outcome(result))")
        return result
    }

    func retry(_ request: URLRequest, target: any TargetType, dueTo error: CourierError, attempt: Int) async
        -> RetryDecision
    {
        events.record("\(name).retry")
        return .doNotRetry
    }

    static func outcome(_ result: Result<Response, CourierError>) -> String {
        if case .success = result { return "success" }
        return "failure"
    }
}

/// Sets a header from its previous value.
private struct HeaderPlugin: PluginType {
    let name: String
    let value: @Sendable (String?) -> String

    func prepare(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
        var request = request
        request.setValue(value(request.value(forHTTPHeaderField: name)), forHTTPHeaderField: name)
        return request
    }
}

private struct ThrowingPlugin: PluginType {
    let error: any Error

    func prepare(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
        throw error
    }
}

private struct RewritePlugin: PluginType {
    let rewrite: @Sendable (Result<Response, CourierError>) -> Result<Response, CourierError>

    func process(_ result: Result<Response, CourierError>, target: any TargetType) async
        -> Result<Response, CourierError>
    {
        rewrite(result)
    }
}

private struct DecisionPlugin: PluginType {
    let name: String
    let events: ChainEvents
    let decision: RetryDecision

    func retry(_ request: URLRequest, target: any TargetType, dueTo error: CourierError, attempt: Int) async
        -> RetryDecision
    {
        events.record("\(name).retry", attempt: attempt)
        return decision
    }
}

/// Answers with a status (fixed or per request), fails with an error, or waits until cancelled.
private final class ChainTransport: Transport {
    private let events: ChainEvents
    private let status: @Sendable (URLRequest) -> Int
    private let error: (any Error)?
    private let suspends: Bool
    private let sent = LockedState<[URLRequest]>([])

    convenience init(
        events: ChainEvents, status: Int = 200, error: (any Error)? = nil, suspends: Bool = false
    ) {
        self.init(events: events, error: error, suspends: suspends) { _ in status }
    }

    init(
        events: ChainEvents, error: (any Error)? = nil, suspends: Bool = false,
        status: @escaping @Sendable (URLRequest) -> Int
    ) {
        self.events = events
        self.status = status
        self.error = error
        self.suspends = suspends
    }

    var requests: [URLRequest] { sent.withLock { $0 } }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        sent.withLock { $0.append(request.urlRequest) }
        events.record("transport")
        if suspends { try await Task.sleep(nanoseconds: 3_600 * 1_000_000_000) }
        if let error { throw error }
        let url = request.urlRequest.url ?? URL(fileURLWithPath: "/")
        let code = status(request.urlRequest)
        guard let response = HTTPURLResponse(url: url, statusCode: code, httpVersion: "HTTP/1.1", headerFields: [:])
        else { throw ChainError(name: "no response") }
        return TransportResponse(response: response, data: Data())
    }
}
