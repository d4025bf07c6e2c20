import CourierPlugins
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A message belongs to a call's final outcome: a retried attempt shows nothing.
@Suite("StatusMessagePlugin: one message per call")
struct StatusMessageFinalOutcomeTests {
    /// Answers the statuses in turn; the last one repeats.
    private func answering(_ statuses: [Int]) -> ScriptedTransport {
        let queue = LockedState(statuses)
        return ScriptedTransport { request in
            let status = queue.withLock { $0.count > 1 ? $0.removeFirst() : $0.first ?? 200 }
            return TransportResponse(response: .make(for: request.urlRequest, status: status), data: Data())
        }
    }

    private func toasts(for statuses: [Int], pluginsFirst: Bool = false) async -> [StatusMessage] {
        let presented = Recorder<StatusMessage>()
        let status = StatusMessagePlugin { message, _ in presented.append(message) }
        let retry = RetryPolicy(exponentialBackoffScale: 0, jitter: false)
        await send(
            PluginTarget(validationType: .successCodes), plugins: pluginsFirst ? [status, retry] : [retry, status],
            transport: answering(statuses))
        return presented.all
    }

    @Test("a GET answered 503 three times shows one toast, not three")
    func threeFailuresOneToast() async {
        #expect(await toasts(for: [503, 503, 503]).map(\.kind) == [.serverError])
        #expect(await toasts(for: [503, 503, 503], pluginsFirst: true).map(\.kind) == [.serverError])
    }

    @Test("a GET that succeeds on its retry shows nothing")
    func recoveredShowsNothing() async {
        #expect(await toasts(for: [503, 200]).isEmpty)
        #expect(await toasts(for: [503, 503, 200], pluginsFirst: true).isEmpty)
    }

    @Test("the toast speaks of the last attempt's failure")
    func lastFailure() async {
        #expect(await toasts(for: [503, 404]).map(\.kind) == [.clientError])
    }
}
