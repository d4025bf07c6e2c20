import Courier
import Foundation
import Testing

/// A completion handler written in `@MainActor` code (a view controller's) is isolated to the
/// main actor and runs there, so it may touch the controller's state, as under Moya.
@Suite struct MainActorCompletionTests {
    private static let queueKey = DispatchSpecificKey<String>()

    @MainActor
    private final class Screen {
        var statuses: [Int] = []
        var queues: [String?] = []

        func load(_ provider: Provider<CoreTestTarget>, done: @escaping @MainActor () -> Void) {
            provider.request(CoreTestTarget()) { result in
                MainActor.assertIsolated()
                self.statuses.append((try? result.get())?.statusCode ?? -1)
                self.queues.append(DispatchQueue.getSpecific(key: MainActorCompletionTests.queueKey))
                done()
            }
        }
    }

    @Test(.timeLimit(.minutes(1)))
    @MainActor func aMainActorCompletionRunsOnTheMainActorWhateverTheQueue() async {
        let queue = DispatchQueue(label: "courier.test.callback")
        queue.setSpecific(key: Self.queueKey, value: "callback")
        let provider = Provider<CoreTestTarget>(callbackQueue: queue, transport: ScriptedTransport(status: 204))
        let screen = Screen()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            screen.load(provider) { continuation.resume() }
        }
        #expect(screen.statuses == [204])
        #expect(screen.queues == [nil])  // the main actor, not the provider's queue
    }

    @Test(.timeLimit(.minutes(1)))
    @MainActor func theLastProgressStepComesBeforeAMainActorCompletion() async {
        let queue = DispatchQueue(label: "courier.test.progress")
        let provider = Provider<CoreTestTarget>(transport: ScriptedTransport(status: 200))
        let steps = LockedState<[Bool]>([])
        let stepsAtCompletion = await withCheckedContinuation { (continuation: CheckedContinuation<[Bool], Never>) in
            provider.request(
                CoreTestTarget(), callbackQueue: queue,
                progress: { step in steps.withLock { $0.append(step.completed) } },
                completion: { _ in
                    MainActor.assertIsolated()
                    continuation.resume(returning: steps.withLock { $0 })
                })
        }
        #expect(stepsAtCompletion.last == true)
    }
}
