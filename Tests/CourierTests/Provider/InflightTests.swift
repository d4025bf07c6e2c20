import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `trackInflights`: identical requests in flight at once share one transport call.
@Suite("trackInflights")
struct InflightTests {
    private static let target = CoreTestTarget(path: "/shared")

    /// Waits until `count` callers wait on the provider's in-flight calls.
    private func waitForWaiters(_ count: Int, on provider: Provider<CoreTestTarget>) async {
        await provider.inflights.waitForWaiters(count)
    }

    private func startCalls(_ count: Int, on provider: Provider<CoreTestTarget>) -> [Task<String, any Error>] {
        (0..<count).map { _ in Task { try await provider.request(Self.target).mapString() } }
    }

    @Test("identical concurrent requests share one transport call and all get its answer")
    func shareOneCall() async throws {
        let transport = GatedTransport()
        let provider = Provider<CoreTestTarget>(transport: transport, trackInflights: true)
        let calls = startCalls(5, on: provider)
        #expect(await transport.started.nextElement() == 1)
        await waitForWaiters(5, on: provider)
        transport.release(1, body: "shared")
        for call in calls { #expect(try await call.value == "shared") }
        #expect(transport.callCount == 1)
        #expect(provider.inflights.count == 0)
    }

    @Test("requests that differ are not shared")
    func differentRequests() async throws {
        let transport = ScriptedTransport { request in
            TransportResponse(response: .make(for: request.urlRequest, status: 200), data: Data())
        }
        let provider = Provider<CoreTestTarget>(transport: transport, trackInflights: true)
        async let first = provider.request(CoreTestTarget(path: "/a"))
        async let second = provider.request(CoreTestTarget(path: "/a", headers: ["X-Other": "1"]))
        async let third = provider.request(CoreTestTarget(path: "/b"))
        _ = try await (first, second, third)
        #expect(transport.requests.count == 3)
    }

    @Test("a caller that cancels leaves at once; the others still get the answer")
    func cancellingCallerLeavesAlone() async throws {
        let transport = GatedTransport()
        let provider = Provider<CoreTestTarget>(transport: transport, trackInflights: true)
        let calls = startCalls(3, on: provider)
        _ = await transport.started.nextElement()
        await waitForWaiters(3, on: provider)

        calls[0].cancel()
        let cancelled = await calls[0].result
        #expect(cancelled.failureAsCourierError?.isCancelled == true)

        transport.release(1, body: "still here")
        #expect(try await calls[1].value == "still here")
        #expect(try await calls[2].value == "still here")
        #expect(transport.callCount == 1)
    }

    @Test("when every caller cancels, the shared transport call is cancelled")
    func allCancel() async throws {
        let (cancelled, cancelledContinuation) = AsyncStream.makeStream(of: Void.self)
        let transport = ScriptedTransport { _ in
            do {
                try await Task.sleep(for: .seconds(30))
            } catch {
                cancelledContinuation.yield()
                throw error
            }
            throw MarkerError(name: "not cancelled")
        }
        let provider = Provider<CoreTestTarget>(transport: transport, trackInflights: true)
        let calls = startCalls(2, on: provider)
        await waitForWaiters(2, on: provider)
        for call in calls { call.cancel() }
        for call in calls { #expect(await call.result.failureAsCourierError?.isCancelled == true) }
        await cancelled.nextElement()
        #expect(provider.inflights.count == 0)
    }

    @Test("a late answer of an abandoned call never reaches the callers of a newer identical call")
    func lateAnswerOfAbandonedCall() async throws {
        let transport = GatedTransport()
        let provider = Provider<CoreTestTarget>(transport: transport, trackInflights: true)
        var started = transport.started.makeAsyncIterator()

        let abandoned = Task { try await provider.request(Self.target).mapString() }
        #expect(await started.next() == 1)
        await waitForWaiters(1, on: provider)
        abandoned.cancel()
        #expect(await abandoned.result.failureAsCourierError?.isCancelled == true)

        let newer = Task { try await provider.request(Self.target).mapString() }
        #expect(await started.next() == 2)
        await waitForWaiters(1, on: provider)
        // The first transport call answers although it was abandoned (a transport may be slow to stop).
        transport.release(1, body: "stale")
        transport.release(2, body: "fresh")
        #expect(try await newer.value == "fresh")
    }

    @Test("a finished call is not reused: the next identical request is sent again")
    func notACache() async throws {
        let transport = ScriptedTransport(body: Data("x".utf8))
        let provider = Provider<CoreTestTarget>(transport: transport, trackInflights: true)
        _ = try await provider.request(Self.target)
        _ = try await provider.request(Self.target)
        #expect(transport.requests.count == 2)
    }

    @Test("without trackInflights identical requests are each sent")
    func offByDefault() async throws {
        let transport = GatedTransport()
        let provider = Provider<CoreTestTarget>(transport: transport)
        #expect(!provider.trackInflights)
        let calls = startCalls(3, on: provider)
        var started = transport.started.makeAsyncIterator()
        for _ in 0..<3 { _ = await started.next() }
        for number in 1...3 { transport.release(number, body: "\(number)") }
        var answers: Set<String> = []
        for call in calls { answers.insert(try await call.value) }
        #expect(answers == ["1", "2", "3"])
        #expect(transport.callCount == 3)
    }
}
