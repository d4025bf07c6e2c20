import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A target whose properties a test sets directly.
struct ChainTarget: TargetType {
    var baseURL = URL(string: "https://chain.example.com")!
    var path = "/items"
    var method: HTTPMethod = .get
    var task: RequestTask = .requestPlain
    var sampleData = Data("sample".utf8)
    var validationType: ValidationType = .none
}

struct ChainError: Error, Equatable {
    var name: String
}

/// What the hooks saw, in order; awaitable.
final class ChainEvents: Sendable {
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
struct EventPlugin: PluginType {
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
struct HeaderPlugin: PluginType {
    let name: String
    let value: @Sendable (String?) -> String

    func prepare(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
        var request = request
        request.setValue(value(request.value(forHTTPHeaderField: name)), forHTTPHeaderField: name)
        return request
    }
}

struct ThrowingPlugin: PluginType {
    let error: any Error

    func prepare(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
        throw error
    }
}

struct RewritePlugin: PluginType {
    let rewrite: @Sendable (Result<Response, CourierError>) -> Result<Response, CourierError>

    func process(_ result: Result<Response, CourierError>, target: any TargetType) async
        -> Result<Response, CourierError>
    {
        rewrite(result)
    }
}

struct DecisionPlugin: PluginType {
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
final class ChainTransport: Transport {
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
