import CourierPlugins
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Answers every request from a closure and records what it was sent.
final class ScriptedTransport: Transport {
    typealias Answer = @Sendable (TransportRequest) async throws -> TransportResponse

    private let answer: Answer
    private let sent = LockedState<[URLRequest]>([])

    init(answer: @escaping Answer) {
        self.answer = answer
    }

    /// Answers every request with `status`, `body` and `headers`.
    convenience init(status: Int = 200, body: Data = Data(), headers: [String: String] = [:]) {
        self.init { request in
            TransportResponse(response: .make(for: request.urlRequest, status: status, headers: headers), data: body)
        }
    }

    /// Answers with the request's headers as JSON, as httpbin's `/headers` does.
    static func echoingHeaders() -> ScriptedTransport {
        ScriptedTransport { request in
            let headers = request.urlRequest.allHTTPHeaderFields ?? [:]
            let body = try JSONSerialization.data(withJSONObject: ["headers": headers], options: [.sortedKeys])
            return TransportResponse(
                response: .make(for: request.urlRequest, status: 200, headers: ["Content-Type": "application/json"]),
                data: body)
        }
    }

    /// Fails every request with `error`.
    static func failing(_ error: any Error) -> ScriptedTransport {
        ScriptedTransport { _ in throw error }
    }

    /// The requests sent so far, in order.
    var requests: [URLRequest] { sent.withLock { $0 } }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        sent.withLock { $0.append(request.urlRequest) }
        return try await answer(request)
    }
}

/// Holds every call until its task is cancelled, and tells the test when each call started.
final class SuspendingTransport: Transport {
    private let startedContinuation: AsyncStream<URLRequest>.Continuation
    /// Each request, as its call reaches the transport.
    let started: AsyncStream<URLRequest>

    init() {
        (started, startedContinuation) = AsyncStream.makeStream(of: URLRequest.self)
    }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        startedContinuation.yield(request.urlRequest)
        // Sleeping until cancelled: the sleep ends early, throwing, when the task is cancelled.
        try await Task.sleep(nanoseconds: 3_600 * 1_000_000_000)
        throw MarkerError(name: "never cancelled")
    }
}

/// Holds each call until the test releases it with a result, and tells the test when each
/// call started (with its path).
final class GatedTransport: Transport {
    private typealias Waiter = CheckedContinuation<TransportResponse, any Error>

    private let pending = LockedState<[String: Waiter]>([:])
    private let startedContinuation: AsyncStream<String>.Continuation
    /// The path of each call, as it starts.
    let started: AsyncStream<String>

    init() {
        (started, startedContinuation) = AsyncStream.makeStream(of: String.self)
    }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        let path = request.urlRequest.url?.path ?? ""
        return try await withCheckedThrowingContinuation { (continuation: Waiter) in
            pending.withLock { $0[path] = continuation }
            startedContinuation.yield(path)
        }
    }

    /// Ends the call to `path` with `result`.
    func release(_ path: String, with result: Result<TransportResponse, any Error>) {
        let waiter = pending.withLock { $0.removeValue(forKey: path) }
        waiter?.resume(with: result)
    }

    /// Waits until calls to all of `paths` have started.
    func waitForStart(of paths: Set<String>) async {
        var remaining = paths
        for await path in started {
            remaining.remove(path)
            if remaining.isEmpty { return }
        }
    }
}

extension HTTPURLResponse {
    static func make(url: URL, status: Int, headers: [String: String] = [:]) -> HTTPURLResponse {
        HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)!
    }

    static func make(for request: URLRequest, status: Int, headers: [String: String] = [:]) -> HTTPURLResponse {
        make(url: request.url ?? URL(string: "https://api.example.com")!, status: status, headers: headers)
    }
}

extension AsyncStream {
    /// The next element, or `nil` when the stream ended.
    func nextElement() async -> Element? {
        var iterator = makeAsyncIterator()
        return await iterator.next()
    }
}
