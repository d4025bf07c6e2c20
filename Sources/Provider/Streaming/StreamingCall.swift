import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One streamed `URLSessionTask`: the caller waiting for the head, then the body the delegate
/// writes into, and whether the task is suspended because that body is full (on Apple platforms
/// only: see ``suspendsWhenFull``).
///
/// One hop: a `3xx` head is the answer like any other (the provider's chain follows it and cancels
/// the body it does not read).
///
/// Suspending and resuming happen on the session's delegate queue (serial), where the delegate
/// receives the data too, so a resume can never overtake the suspend it answers.
final class StreamingCall: Sendable {
    private struct State: Sendable {
        var head: CheckedContinuation<Hop, any Error>?
        var headDelivered = false
        var suspended = false
        var cancelled = false
        /// The request's timeout passed before the head: the error the caller gets.
        var timedOut: URLError?
    }

    /// The head of the task's response.
    struct Hop: Sendable {
        let response: HTTPURLResponse
    }

    let task: URLSessionTask
    let body: StreamedBody
    private let queue: OperationQueue
    /// Keeps the request's timeout until the head arrives (see ``timeOutBeforeHead()``).
    private let watchdog: IdleWatchdog?
    private let state = LockedState(State())

    init(task: URLSessionTask, body: StreamedBody, queue: OperationQueue, watchdog: IdleWatchdog? = nil) {
        self.task = task
        self.body = body
        self.queue = queue
        self.watchdog = watchdog
    }

    /// Part of the request's body went out: the server is not silent.
    func noteSent() {
        watchdog?.noteActivity()
    }

    /// The request's timeout passed in silence before the head: the caller fails with
    /// `URLError(.timedOut)` naming the URL, as a data call would, and the task is cancelled.
    func timeOutBeforeHead() {
        var info: [String: Any] = [NSLocalizedDescriptionKey: "The request timed out"]
        if let url = task.originalRequest?.url { info[NSURLErrorFailingURLErrorKey] = url }
        let error = URLError(.timedOut, userInfo: info)
        let (timedOut, waiting) = state.withLock { state -> (Bool, CheckedContinuation<Hop, any Error>?) in
            guard !state.headDelivered, state.timedOut == nil else { return (false, nil) }
            // A caller not waiting yet gets the error when it does (awaitHead).
            state.timedOut = error
            defer { state.head = nil }
            return (true, state.head)
        }
        guard timedOut else { return }
        waiting?.resume(throwing: error)
        queue.addOperation { [task] in task.cancel() }
    }

    /// Keeps the caller's continuation until the head comes, or resumes it at once if the call
    /// was cancelled, or timed out, first.
    func awaitHead(_ continuation: CheckedContinuation<Hop, any Error>) {
        let failure = state.withLock { state -> (any Error)? in
            if let timedOut = state.timedOut { return timedOut }
            if state.cancelled { return CancellationError() }
            state.head = continuation
            return nil
        }
        if let failure { continuation.resume(throwing: failure) }
    }

    /// The head arrived (on the delegate queue): the caller goes on.
    func deliver(_ response: HTTPURLResponse) {
        state.withLock { state in
            state.headDelivered = true
            defer { state.head = nil }
            return state.head
        }?.resume(returning: Hop(response: response))
    }

    /// The task ended: the caller fails if it still waits for the head, the body ends otherwise.
    func complete(with error: (any Error)?) {
        let waiting = state.withLock { state in
            defer { state.head = nil }
            return state.head
        }
        if let waiting {
            waiting.resume(throwing: error.map(Self.normalize) ?? TransportError.notHTTP)
        } else {
            body.finish(throwing: error.map(Self.normalize))
        }
    }

    /// A piece of body arrived (on the delegate queue): handed over, and the task suspended when
    /// the body's buffer is full.
    func receive(_ data: Data) {
        guard !body.yield(data), !body.isCancelled, Self.suspendsWhenFull else { return }
        let suspends = state.withLock { state -> Bool in
            guard !state.suspended, !state.cancelled else { return false }
            state.suspended = true
            return true
        }
        if suspends { task.suspend() }
    }

    /// The consumer made room: the task reads again (on the delegate queue).
    func resumeReading() {
        queue.addOperation { [self] in
            let resumes = state.withLock { state -> Bool in
                guard state.suspended, !state.cancelled else { return false }
                state.suspended = false
                return true
            }
            if resumes { task.resume() }
        }
    }

    /// Ends the call: a caller waiting for the head throws `CancellationError`, and the task is
    /// cancelled on the delegate queue, where that cannot race its completion.
    func cancel() {
        let waiting = state.withLock { state in
            state.cancelled = true
            defer { state.head = nil }
            return state.head
        }
        waiting?.resume(throwing: CancellationError())
        body.cancel()
        queue.addOperation { [task] in task.cancel() }
    }

    /// Whether a full buffer suspends the task. Not with FoundationNetworking: resuming a task
    /// suspended part way adds libcurl's handle back to its multi handle, which starts the transfer
    /// again, so parts of the body would arrive twice (docs/BENCHMARKS.md, "Streaming").
    #if canImport(FoundationNetworking)
        private static let suspendsWhenFull = false
    #else
        private static let suspendsWhenFull = true
    #endif

    private static func normalize(_ error: any Error) -> any Error {
        if let urlError = error as? URLError, urlError.code == .cancelled { return CancellationError() }
        return error
    }
}
