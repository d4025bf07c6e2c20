import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `CallContext.current` is a read-only view of the call's value, bound once per attempt: a
/// context a plugin kept shows its attempt as it goes on.
@Suite("Plugins: the call context is a view of the call")
struct CallContextViewTests {
    private static let measured = CallTimings(firstByte: .milliseconds(4), total: .milliseconds(7))

    @Test("the context kept from willSend is didReceive's, and shows the timings once measured")
    func keptContextFollowsTheAttempt() async throws {
        let keeper = ContextKeeper()
        let transport = ScriptedTransport { request in
            var answer = TransportResponse(response: .make(for: request.urlRequest, status: 200))
            answer.timings = Self.measured
            return answer
        }
        let provider = Provider<CoreTestTarget>(transport: transport, plugins: [keeper])
        _ = try await provider.request(CoreTestTarget())

        let seen = keeper.seen
        #expect(seen.count == 1)
        #expect(seen.first?.timingsWhenSent == nil, "nothing measured before the exchange")
        #expect(seen.first?.sameAsReceived == true, "one attempt, one context: equal, and found in a set")
        #expect(seen.first?.kept.timings == Self.measured)
    }

    @Test("each retry is a context of its own, with its own timings")
    func retriesHaveTheirOwn() async throws {
        let keeper = ContextKeeper()
        let statuses = LockedState([503, 200])
        let transport = ScriptedTransport { request in
            let status = statuses.withLock { $0.removeFirst() }
            var answer = TransportResponse(response: .make(for: request.urlRequest, status: status))
            if status == 200 { answer.timings = Self.measured }
            return answer
        }
        let provider = Provider<CoreTestTarget>(transport: transport, plugins: [keeper, RetryOnceOn503()])
        _ = try await provider.request(CoreTestTarget(validationType: .successCodes))

        let seen = keeper.seen
        #expect(seen.map(\.kept.attempt) == [1, 2])
        #expect(seen.map(\.kept.timings) == [nil, Self.measured], "the first attempt's view keeps its own (none)")
        #expect(Set(seen.map(\.kept)).count == 2)
        #expect(Set(seen.map(\.kept.id)).count == 1)
    }
}

/// Keeps the context each `willSend` saw and compares it with `didReceive`'s.
private final class ContextKeeper: PluginType {
    struct Seen: Sendable {
        var kept: CallContext
        var timingsWhenSent: CallTimings?
        var sameAsReceived = false
    }

    private let state = LockedState<[Seen]>([])

    var seen: [Seen] { state.withLock { $0 } }

    func willSend(_ request: URLRequest, target: any TargetType) {
        guard let context = CallContext.current else {
            Issue.record("willSend without a context")
            return
        }
        state.withLock { $0.append(Seen(kept: context, timingsWhenSent: context.timings)) }
    }

    func didReceive(_ result: Result<Response, CourierError>, target: any TargetType) {
        guard let context = CallContext.current else {
            Issue.record("didReceive without a context")
            return
        }
        state.withLock { seen in
            guard let last = seen.indices.last else { return }
            seen[last].sameAsReceived = seen[last].kept == context && Set([seen[last].kept]).contains(context)
        }
    }
}

/// Asks for one retry after a `503`.
private struct RetryOnceOn503: PluginType {
    func retry(_ request: URLRequest, target: any TargetType, dueTo error: CourierError, attempt: Int) async
        -> RetryDecision
    {
        error.response?.statusCode == 503 && attempt == 1 ? .retry : .doNotRetry
    }
}
