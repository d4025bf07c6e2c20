import Courier
import Dispatch
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The completion-handler form of `request`: called exactly once, on the right queue,
/// cancellable through the returned `Cancellable`.
@Suite("Completion-handler requests")
struct CompletionHandlerTests {
    private static let queueKey = DispatchSpecificKey<String>()

    private static func labelledQueue(_ label: String) -> DispatchQueue {
        let queue = DispatchQueue(label: label)
        queue.setSpecific(key: queueKey, value: label)
        return queue
    }

    /// Sends `target` with the completion form and waits for its completion.
    private func send(
        _ provider: Provider<CoreTestTarget>, _ target: CoreTestTarget = CoreTestTarget(),
        callbackQueue: DispatchQueue? = nil, calls: CallCounter = CallCounter()
    ) async -> (result: Result<Response, CourierError>, queue: String?, onMainThread: Bool) {
        await withCheckedContinuation { continuation in
            provider.request(target, callbackQueue: callbackQueue) { result in
                calls.increment()
                continuation.resume(
                    returning: (result, DispatchQueue.getSpecific(key: Self.queueKey), Thread.isMainThread))
            }
        }
    }

    @Test("the completion receives the response, exactly once")
    func exactlyOnce() async throws {
        let provider = Provider<CoreTestTarget>(transport: ScriptedTransport(body: Data("hi".utf8)))
        let calls = CallCounter()
        let outcome = await send(provider, calls: calls)
        #expect(try outcome.result.get().data == Data("hi".utf8))
        // A second full call through the same provider lets any stray second completion show up.
        _ = await send(provider)
        #expect(calls.value == 1)
    }

    @Test("a failure reaches the completion as a CourierError, exactly once")
    func failureOnce() async throws {
        let provider = Provider<CoreTestTarget>(transport: ScriptedTransport(status: 404))
        let calls = CallCounter()
        let outcome = await send(provider, CoreTestTarget(validationType: .successCodes), calls: calls)
        guard case .failure(let error) = outcome.result else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.testCaseName == "statusCode")
        _ = await send(provider)
        #expect(calls.value == 1)
    }

    @Test("the call's callbackQueue is used")
    func callQueue() async {
        let provider = Provider<CoreTestTarget>(
            callbackQueue: Self.labelledQueue("provider"), transport: ScriptedTransport())
        let outcome = await send(provider, callbackQueue: Self.labelledQueue("call"))
        #expect(outcome.queue == "call")
    }

    @Test("the provider's callbackQueue is used when the call names none")
    func providerQueue() async {
        let provider = Provider<CoreTestTarget>(
            callbackQueue: Self.labelledQueue("provider"), transport: ScriptedTransport())
        let outcome = await send(provider)
        #expect(outcome.queue == "provider")
    }

    @Test("without any queue the completion runs at once off the main thread, as a command-line program needs")
    func noQueue() async throws {
        let provider = Provider<CoreTestTarget>(
            stubClosure: Provider.immediatelyStub, transport: UnreachableTransport())
        let outcome = await send(provider)
        #expect(outcome.queue == nil)
        #expect(!outcome.onMainThread)
        #expect(try outcome.result.get().statusCode == 200)
    }

    @Test("without any queue the completion arrives while the calling thread blocks on it")
    func blockingCaller() async throws {
        let provider = Provider<CoreTestTarget>(
            stubClosure: Provider.immediatelyStub, transport: UnreachableTransport())
        // What a command-line program without a run loop does: start the call, then block on a semaphore.
        let status = await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                let done = DispatchSemaphore(value: 0)
                let received = LockedState(0)
                provider.request(CoreTestTarget()) { result in
                    received.withLock { $0 = (try? result.get().statusCode) ?? -1 }
                    done.signal()
                }
                // A generous bound: it only turns a deadlock into a failure instead of a hang.
                let timedOut = done.wait(timeout: .now() + 60) == .timedOut
                continuation.resume(returning: timedOut ? -2 : received.withLock { $0 })
            }
        }
        #expect(status == 200)
    }

    @Test("cancel() ends the call with the cancelled error, exactly once")
    func cancel() async throws {
        let provider = Provider<CoreTestTarget>(
            stubClosure: Provider.delayedStub(30), transport: UnreachableTransport())
        let calls = CallCounter()
        // Without cancellation the stub would answer 200 after 30 s, so a cancelled error proves
        // the wait was cut short, with no time bound that a loaded machine could break.
        let result = await withCheckedContinuation { continuation in
            let call = provider.request(CoreTestTarget()) { result in
                calls.increment()
                continuation.resume(returning: result)
            }
            #expect(!call.isCancelled)
            call.cancel()
            #expect(call.isCancelled)
            call.cancel()
        }
        guard case .failure(let error) = result else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.isCancelled)
        #expect(error.underlyingError is CancellationError)
        _ = await send(Provider<CoreTestTarget>(transport: ScriptedTransport()))
        #expect(calls.value == 1)
    }

    @Test("cancel() stops the transport's work")
    func cancelReachesTransport() async throws {
        let (cancelled, cancelledContinuation) = AsyncStream.makeStream(of: Void.self)
        let (started, startedContinuation) = AsyncStream.makeStream(of: Void.self)
        let transport = ScriptedTransport { _ in
            startedContinuation.yield()
            do {
                try await Task.sleep(for: .seconds(30))
            } catch {
                cancelledContinuation.yield()
                throw error
            }
            throw MarkerError(name: "not cancelled")
        }
        let provider = Provider<CoreTestTarget>(transport: transport)
        let result = await withCheckedContinuation { continuation in
            let call = provider.request(CoreTestTarget()) { continuation.resume(returning: $0) }
            Task {
                await started.nextElement()
                call.cancel()
            }
        }
        await cancelled.nextElement()
        #expect(result.failureAsCourierError?.isCancelled == true)
    }

    @Test("progress and completion both run on the callback queue")
    func progressOnQueue() async throws {
        let transport = ScriptedTransport { request in
            request.progress?(TransferProgress(completedUnitCount: 5, totalUnitCount: 10))
            return TransportResponse(response: .make(for: request.urlRequest, status: 200), data: Data("x".utf8))
        }
        let provider = Provider<CoreTestTarget>(transport: transport)
        let progressQueues = LockedState<[String?]>([])
        let queue = Self.labelledQueue("progress")
        let completionQueue = await withCheckedContinuation { continuation in
            provider.request(
                CoreTestTarget(), callbackQueue: queue,
                progress: { _ in progressQueues.withLock { $0.append(DispatchQueue.getSpecific(key: Self.queueKey)) } },
                completion: { _ in continuation.resume(returning: DispatchQueue.getSpecific(key: Self.queueKey)) })
        }
        #expect(completionQueue == "progress")
        let queues = progressQueues.withLock { $0 }
        #expect(!queues.isEmpty)
        #expect(queues.allSatisfy { $0 == "progress" })
    }
}

/// Counts calls from any thread.
final class CallCounter: Sendable {
    private let count = LockedState(0)
    var value: Int { count.withLock { $0 } }
    func increment() { count.withLock { $0 += 1 } }
}
