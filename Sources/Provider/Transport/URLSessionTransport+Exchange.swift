import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The one exchange of ``URLSessionTransport``: every call, whatever consumes its body, is a task
/// of the one session, made off the caller's thread, registered with the one delegate, and ended
/// by whichever comes first of its answer, its cancellation and its `watchdog`.
extension URLSessionTransport {
    /// Sends `request` as one task whose body goes to `consumer`, and returns what the delegate
    /// delivers: the whole answer for a body kept whole, the head for a stream.
    func run(
        _ request: TransportRequest, consumer: URLSessionBodyConsumer, watchdog: IdleWatchdog?
    ) async throws -> URLSessionTransportDelegate.Delivery {
        let pending = LockedState<URLSessionCall?>(nil)
        let cancelCall: @Sendable () -> Void = { [session, delegate] in
            guard let call = pending.withLock({ $0 }), let task = call.cancel(), delegate.abandon(task) else { return }
            Self.cancel(task, in: session)
        }
        let watching = watchdog.map { watchdog in Task { await watchdog.watch(onIdle: cancelCall) } }
        defer { watching?.cancel() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let call = URLSessionCall(continuation, watchdog: watchdog)
                pending.withLock { $0 = call }
                // Cancelled before the call existed: the handler below found nothing to end.
                if Task.isCancelled {
                    _ = call.cancel()
                    return
                }
                submission.async { [self] in start(request, as: call, consumer: consumer, watchdog: watchdog) }
            }
        } onCancel: {
            cancelCall()
        }
    }

    /// Makes and resumes the task of `call`, on ``submission``; the idle time `watchdog` counts
    /// starts when the task does, not while it waited for the queue.
    private func start(
        _ request: TransportRequest, as call: URLSessionCall, consumer: URLSessionBodyConsumer,
        watchdog: IdleWatchdog?
    ) {
        guard !call.isCancelled else { return }
        guard !hasEnded.withLock({ $0 }) else {
            call.resume(throwing: URLError(.cancelled))
            return
        }
        let task = makeTask(for: request, consumer: consumer)
        delegate.register(task, request: request, consumer: consumer, continuation: call)
        if call.attach(task) {
            // Before the task runs: a stream's consumer may stop, or make room, as soon as it does.
            if let body = consumer.streamedBody { delegate.bind(body, to: task, in: session) }
            watchdog?.noteActivity()
            task.resume()
        } else if delegate.abandon(task) {
            Self.cancel(task, in: session)
        }
    }

    /// Cancels `task` on the session's delegate queue, where its completion is delivered.
    ///
    /// FoundationNetworking traps ("a behaviour for a task that in not in the registry") when
    /// `cancel()` lands while the task is completing: its completion runs on the delegate queue
    /// and unregisters the task, and the cancellation's failure report then finds no task. On
    /// that serial queue the cancellation runs wholly before or wholly after a completion.
    static func cancel(_ task: URLSessionTask, in session: URLSession) {
        session.delegateQueue.addOperation { task.cancel() }
    }

    private func makeTask(for request: TransportRequest, consumer: URLSessionBodyConsumer) -> URLSessionTask {
        switch request.kind {
        case .data where request.progress == nil && options.maximumResponseSize == nil && consumer.isMemory:
            // A completion handler instead of the delegate's data callbacks: one call on the
            // session's serial delegate queue per request instead of three or more (response,
            // each piece of data, completion), which throttles many concurrent calls. Redirects
            // and authentication challenges still go to the session's delegate.
            let identifier = TaskIdentifier()
            let task = session.dataTask(with: request.urlRequest) { [delegate] data, response, error in
                delegate.complete(identifier.value, data: data, response: response, error: error)
            }
            identifier.value = task.taskIdentifier
            return task
        case .upload(.data(let data)):
            return session.uploadTask(with: request.urlRequest, from: data)
        case .upload(.file(let url)):
            return session.uploadTask(with: request.urlRequest, fromFile: url)
        case .data, .download:
            // The delegate hands each piece to the task's record, which consumes it: in memory,
            // in a download's file (see URLSessionTransportDelegate), or into a stream's body.
            return session.dataTask(with: request.urlRequest)
        }
    }
}

/// The identifier of a task made with a completion handler, which the handler cannot be given
/// when it is made.
private final class TaskIdentifier: @unchecked Sendable {
    // Unchecked: written once before the task is resumed, read by the completion handler, which
    // URLSession calls only after `resume()`.
    var value = 0
}
