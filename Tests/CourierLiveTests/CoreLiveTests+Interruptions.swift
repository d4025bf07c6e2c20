import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Timeouts, cancellation of a task or a Cancellable, and refused connections.
extension CoreLiveTests {
    @Test("/delay/10 with a 0.5 s timeout from the request closure ends as a timeout after 0.5 s")
    func timeout() async throws {
        let provider = Provider<CoreBinTarget>(
            requestClosure: { endpoint in
                var request = try endpoint.urlRequest()
                request.timeoutInterval = 0.5
                return request
            }, transport: TestTransport.make())
        let target = try CoreBinTarget.bin("/delay/10")
        let (error, seconds) = await coreElapsed {
            await #expect(throws: CourierError.self) { try await provider.request(target) }
        }
        #expect(error?.isTimeout == true, "got \(String(describing: error))")
        #expect(error?.isCancelled == false)
        #expect(seconds >= 0.45, "the timeout fired before its 0.5 s")
        #expect(seconds < LiveTiming.promptly)
    }

    @Test("cancelling the Swift task ends /delay/10 at once")
    func taskCancellation() async throws {
        let (sent, sending) = SentSignal.make()
        let provider = Provider<CoreBinTarget>(transport: TestTransport.make(), plugins: [sending])
        let target = try CoreBinTarget.bin("/delay/10")
        let call = Task { try await provider.request(target) }
        await sent.nextElement()
        let (result, seconds) = await coreElapsed {
            call.cancel()
            return await call.result
        }
        #expect(seconds < LiveTiming.promptly)
        let error = try #require(result.failureAsCourierError)
        #expect(error.isCancelled)
        #expect(error.underlyingError is CancellationError)
    }

    @Test("Cancellable.cancel() ends /delay/10 at once")
    func cancellableCancel() async throws {
        let (sent, sending) = SentSignal.make()
        let provider = Provider<CoreBinTarget>(transport: TestTransport.make(), plugins: [sending])
        let target = try CoreBinTarget.bin("/delay/10")
        let (result, seconds) = await withCheckedContinuation { continuation in
            let clock = ContinuousClock()
            let started = LockedState<ContinuousClock.Instant?>(nil)
            let call = provider.request(target) { result in
                let cancelledAt = started.withLock { $0 } ?? clock.now
                continuation.resume(returning: (result, clock.now - cancelledAt))
            }
            Task {
                await sent.nextElement()
                started.withLock { $0 = clock.now }
                call.cancel()
            }
        }
        #expect(seconds < .seconds(LiveTiming.promptly))
        let error = try #require(result.failureAsCourierError)
        #expect(error.isCancelled)
    }

    @Test("a refused connection is .underlying(URLError.cannotConnectToHost, nil)")
    func connectionRefused() async throws {
        let port = try Self.closedLoopbackPort()
        let target = CoreBinTarget(baseURL: try #require(URL(string: "http://127.0.0.1:\(port)")), path: "/get")
        let (error, seconds) = await coreElapsed {
            await #expect(throws: CourierError.self) { try await provider.request(target) }
        }
        guard case .underlying(let underlying, nil) = error else {
            Issue.record("expected .underlying(_, nil), got \(String(describing: error))")
            return
        }
        #expect((underlying as? URLError)?.code == .cannotConnectToHost)
        #expect(seconds < LiveTiming.withoutHanging)
    }

    /// A loopback port that was bound and then closed, so nothing listens on it.
    private static func closedLoopbackPort() throws -> UInt16 {
        let reserved = try RefusingPort()
        reserved.release()
        return reserved.port
    }
}
