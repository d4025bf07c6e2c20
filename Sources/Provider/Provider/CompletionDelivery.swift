import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Calls a completion handler where it belongs: on its own actor when it has one (a closure
/// written in `@MainActor` code), otherwise on the callback queue, otherwise on the calling task.
enum CompletionDelivery {
    static func deliver<Value: Sendable>(
        _ value: Value, to completion: @escaping @isolated(any) @Sendable (Value) -> Void, queue: DispatchQueue?
    ) async {
        guard let queue else {
            await completion(value)
            return
        }
        guard completion.isolation == nil else {
            // Progress steps already queued on `queue` run first, as they do before a completion
            // that runs on the queue itself.
            await withCheckedContinuation { (drained: CheckedContinuation<Void, Never>) in
                queue.async { drained.resume() }
            }
            await completion(value)
            return
        }
        // A nonisolated function cannot be called synchronously through its `@isolated(any)`
        // type; run as the task's preferred executor, the queue is where a nonisolated call runs.
        await withTaskExecutorPreference(QueueTaskExecutor(queue: queue)) {
            await completion(value)
        }
    }
}

/// A task executor that runs every job on one dispatch queue.
final class QueueTaskExecutor: TaskExecutor {
    let queue: DispatchQueue

    init(queue: DispatchQueue) {
        self.queue = queue
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
