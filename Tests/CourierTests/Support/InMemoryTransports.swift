import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Answers every request from a closure and records what it was sent.
final class ScriptedTransport: Transport {
    typealias Answer = @Sendable (TransportRequest) async throws -> TransportResponse

    private let answer: Answer
    private let sent = LockedState<[TransportRequest]>([])

    init(answer: @escaping Answer) {
        self.answer = answer
    }

    /// Answers every request with `status`, `body` and `headers`.
    convenience init(status: Int = 200, body: Data = Data(), headers: [String: String] = [:]) {
        self.init { request in
            TransportResponse(response: .make(for: request.urlRequest, status: status, headers: headers), data: body)
        }
    }

    /// The requests sent so far, in order.
    var requests: [TransportRequest] { sent.withLock { $0 } }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        sent.withLock { $0.append(request) }
        return try await answer(request)
    }
}

/// A transport a test expects never to be used: stubs must not reach the network.
struct UnreachableTransport: Transport {
    func send(_ request: TransportRequest) async throws -> TransportResponse {
        Issue.record("The transport was called for \(request.urlRequest.url?.absoluteString ?? "-")")
        throw MarkerError(name: "unreachable transport")
    }
}

/// Holds every call until the test releases it, and tells the test when each call starts.
///
/// It ignores cancellation on purpose: a call ends only when released, so a test can decide
/// when a late answer arrives.
final class GatedTransport: Transport {
    private typealias Waiter = CheckedContinuation<TransportResponse, any Error>
    private struct State {
        var count = 0
        var pending: [Int: Waiter] = [:]
    }

    private let state = LockedState(State())
    private let startedContinuation: AsyncStream<Int>.Continuation
    /// The number of each call (1, 2, …) as it starts.
    let started: AsyncStream<Int>

    init() {
        (started, startedContinuation) = AsyncStream.makeStream(of: Int.self)
    }

    /// How many calls were made.
    var callCount: Int { state.withLock { $0.count } }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        let number = state.withLock { state -> Int in
            state.count += 1
            return state.count
        }
        return try await withCheckedThrowingContinuation { (continuation: Waiter) in
            state.withLock { $0.pending[number] = continuation }
            startedContinuation.yield(number)
        }
    }

    /// Ends call `number` (which must have started) with a `200` carrying `body` and `headers`.
    func release(
        _ number: Int, body: String, url: URL = URL(string: "https://api.example.com")!,
        headers: [String: String] = [:]
    ) {
        let waiter = state.withLock { $0.pending.removeValue(forKey: number) }
        let response = HTTPURLResponse.make(url: url, status: 200, headers: headers)
        waiter?.resume(returning: TransportResponse(response: response, data: Data(body.utf8)))
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
