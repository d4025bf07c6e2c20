import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Timeouts, cancellation of a task or a Cancellable, and refused connections.
extension CoreLiveTests {
    /// A target on the scenario server that reads the request and never answers (for 60 s).
    private static func hang() throws -> CoreBinTarget {
        CoreBinTarget(baseURL: try LiveServers.url(for: .scenario), path: "/fault/hang")
    }

    @Test(
        "a 0.5 s timeout from the request closure ends a call the server never answers, after 0.5 s",
        .requiresScenarioServer)
    func timeout() async throws {
        let provider = Provider<CoreBinTarget>(
            requestClosure: { endpoint in
                var request = try endpoint.urlRequest()
                request.timeoutInterval = 0.5
                return request
            }, transport: TestTransport.make())
        let (error, seconds) = await coreElapsed {
            await #expect(throws: CourierError.self) { try await provider.request(Self.hang()) }
        }
        #expect(error?.isTimeout == true, "got \(String(describing: error))")
        #expect(error?.isCancelled == false)
        #expect(seconds >= 0.45, "the timeout fired before its 0.5 s")
        #expect(seconds < LiveTiming.longBeforeTheDefault, "the 0.5 s limit, not a 60 s default")
    }

    // A cancelled call against a server that never answers can only end by its cancellation: the
    // error proves it, whatever the time it took on a busy machine.
    @Test("cancelling the Swift task ends a call the server never answers", .requiresScenarioServer)
    func taskCancellation() async throws {
        let (sent, sending) = SentSignal.make()
        let provider = Provider<CoreBinTarget>(transport: TestTransport.make(), plugins: [sending])
        let target = try Self.hang()
        let call = Task { try await provider.request(target) }
        await sent.nextElement()
        call.cancel()
        let error = try #require(await call.result.failureAsCourierError)
        #expect(error.isCancelled)
        #expect(error.underlyingError is CancellationError)
    }

    @Test("Cancellable.cancel() ends a call the server never answers", .requiresScenarioServer)
    func cancellableCancel() async throws {
        let (sent, sending) = SentSignal.make()
        let provider = Provider<CoreBinTarget>(transport: TestTransport.make(), plugins: [sending])
        let target = try Self.hang()
        let result = await withCheckedContinuation { continuation in
            let call = provider.request(target) { result in continuation.resume(returning: result) }
            Task {
                await sent.nextElement()
                call.cancel()
            }
        }
        let error = try #require(result.failureAsCourierError)
        #expect(error.isCancelled)
    }

    @Test("a refused connection is .underlying(URLError.cannotConnectToHost, nil)")
    func connectionRefused() async throws {
        // Bound and not listening for the whole call: no other socket can take the port meanwhile.
        let refusing = try RefusingPort()
        defer { refusing.release() }
        let target = CoreBinTarget(baseURL: try #require(URL(string: refusing.url)), path: "/get")
        let error = await #expect(throws: CourierError.self) { try await provider.request(target) }
        guard case .underlying(let underlying, nil) = error else {
            Issue.record("expected .underlying(_, nil), got \(String(describing: error))")
            return
        }
        // Not a timeout: the refusal itself ended the call.
        #expect((underlying as? URLError)?.code == .cannotConnectToHost)
    }
}
