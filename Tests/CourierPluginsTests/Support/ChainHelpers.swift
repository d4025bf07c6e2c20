import CourierPlugins
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Hands out the given tokens one call at a time; the last one repeats.
final class TokenSequence: Sendable {
    private let tokens: LockedState<[String]>

    init(_ tokens: [String]) {
        self.tokens = LockedState(tokens)
    }

    func next() -> String {
        tokens.withLock { tokens in tokens.count > 1 ? tokens.removeFirst() : tokens.first ?? "" }
    }
}

/// Asks for one retry of any failure.
struct RetryOncePlugin: PluginType {
    func retry(_ request: URLRequest, target: any TargetType, dueTo error: CourierError, attempt: Int) async
        -> RetryDecision
    {
        attempt == 1 ? .retry : .doNotRetry
    }
}

/// Fails the first `failures` calls with a timeout, then hands calls to another transport.
final class FlakyTransport: Transport {
    private let remainingFailures: LockedState<Int>
    private let next: any Transport

    init(failures: Int, then next: any Transport) {
        self.remainingFailures = LockedState(failures)
        self.next = next
    }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        let fails = remainingFailures.withLock { remaining -> Bool in
            guard remaining > 0 else { return false }
            remaining -= 1
            return true
        }
        if fails { throw URLError(.timedOut) }
        return try await next.send(request)
    }
}
