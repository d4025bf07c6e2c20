import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The streaming calls of one ``URLSessionTransport``: a session of their own (made on the first
/// stream, with the transport's configuration) whose delegate hands each piece of body to the
/// call's ``StreamedBody`` and suspends the task while that body's buffer is full.
///
/// A session of its own, because the transport's delegate collects bodies whole and a stream's
/// must never be; the transport's data calls stay as they are.
final class URLSessionStreams: Sendable {
    private struct State {
        var session: URLSession?
        var ended = false
    }

    private let delegate = StreamingSessionDelegate()
    private let made = LockedState(State())

    deinit {
        made.withLock { $0.session }?.finishTasksAndInvalidate()
    }

    /// Cancels the streams in flight and makes no other: every later stream fails with
    /// `URLError(.cancelled)`.
    func end() {
        let session = made.withLock { state in
            state.ended = true
            return state.session
        }
        // On the delegate queue, where completions run: FoundationNetworking traps on a task's
        // cancellation that lands while the task completes.
        guard let session else { return }
        session.delegateQueue.addOperation { session.invalidateAndCancel() }
    }

    /// The streaming session, made the first time with `template`'s configuration.
    func session(like template: URLSession) -> URLSession {
        made.withLock { made in
            if let session = made.session { return session }
            let session = URLSession(configuration: template.configuration, delegate: delegate, delegateQueue: nil)
            made.session = session
            return session
        }
    }

    /// Sends `request` over `session` and returns its head; the body goes to `body`.
    func stream(_ request: TransportRequest, into body: StreamedBody, over session: URLSession) async throws
        -> StreamingCall.Hop
    {
        try Task.checkCancellation()
        var urlRequest = request.urlRequest
        // Until the head, the request's timeout is the longest silence, as for a data call (a
        // watchdog keeps it); after, the body's own idle limit applies: FoundationNetworking's timer
        // would also count the time a slow consumer keeps the task suspended.
        let headTimeout = urlRequest.timeoutInterval
        urlRequest.timeoutInterval = Self.noTimeout
        // Made under the lock `end()` takes: no task is made in a session it has invalidated.
        let task = try made.withLock { (state) throws(URLError) -> URLSessionTask in
            guard !state.ended else { throw URLError(.cancelled) }
            switch request.kind {
            case .upload(.data(let data)): return session.uploadTask(with: urlRequest, from: data)
            case .upload(.file(let url)): return session.uploadTask(with: urlRequest, fromFile: url)
            case .data, .download: return session.dataTask(with: urlRequest)
            }
        }
        let watchdog = headTimeout > 0 && headTimeout.isFinite ? IdleWatchdog(seconds: headTimeout) : nil
        let call = StreamingCall(task: task, body: body, queue: session.delegateQueue, watchdog: watchdog)
        body.onResume { [weak call] in call?.resumeReading() }
        body.onCancel { [weak call] in call?.cancel() }
        let timeOut: @Sendable () -> Void = { [weak call] in call?.timeOutBeforeHead() }
        let watch = watchdog.map { watchdog in Task { await watchdog.watch(onIdle: timeOut) } }
        defer { watch?.cancel() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                call.awaitHead(continuation)
                delegate.register(call, for: task)
                task.resume()
            }
        } onCancel: {
            call.cancel()
        }
    }

    /// A week: longer than any stream's idle limit, yet a finite number for libcurl.
    private static let noTimeout: TimeInterval = 7 * 24 * 3600
}
