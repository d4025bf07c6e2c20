import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One streaming call, from the pipeline that opens it to the plugins' `didFinish` when its body
/// ends, fails or is cancelled (exactly once).
final class StreamConnection<Target: TargetType>: Sendable {
    private struct State: Sendable {
        var finished = false
        var bytes: Int64 = 0
        var elements = 0
    }

    /// The response head (with empty data), or the response a stub or a plugin answered with.
    let head: Response
    private let body: StreamedBody
    private let provider: Provider<Target>
    private let target: Target
    private let context: CallContext?
    private let state = LockedState(State())

    private init(
        head: Response, body: StreamedBody, provider: Provider<Target>, target: Target, context: CallContext?
    ) {
        self.head = head
        self.body = body
        self.provider = provider
        self.target = target
        self.context = context
    }

    /// Runs the pipeline for `target` until the response head is in and accepted; `lastEventID`,
    /// for a reconnection, goes out as `Last-Event-ID`.
    static func open(
        _ target: Target, on provider: Provider<Target>, options: StreamOptions, lastEventID: String? = nil
    ) async throws(CourierError) -> StreamConnection {
        let validation = target.validationType
        let expired = provider.options.sessionExpiredStatusCodes
        // An error page is not the stream: a status the target does not accept (any but a success
        // when the target says nothing) is read whole and becomes the call's error.
        let streams: @Sendable (Int) -> Bool = { status in
            guard !expired.contains(status) else { return false }
            if case .none = validation { return (200..<300).contains(status) }
            return validation.accepts(status)
        }
        let session = StreamSession(options: options, clock: provider.options.clock, streams: streams)
        var endpoint = provider.endpointClosure(target)
        if let lastEventID { endpoint = endpoint.adding(newHTTPHeaderFields: ["Last-Event-ID": lastEventID]) }
        let opened = await provider.runStreamPipeline(for: target, endpoint: endpoint, session: session) {
            (response: Response) throws(CourierError) in
            if !streams(response.statusCode) { throw .statusCode(response) }
        }
        switch opened.result {
        case .failure(let error):
            session.abandon()
            provider.finishStream(opened.result, target: target, context: opened.context)
            throw error
        case .success(let response):
            let body = session.close(with: response)
            return StreamConnection(
                head: response, body: body, provider: provider, target: target, context: opened.context)
        }
    }

    /// The next piece of the body, `nil` at its end; a failure ends the call with its error.
    func nextChunk() async throws(CourierError) -> Data? {
        do {
            let chunk = try await body.next()
            if let chunk { state.withLock { $0.bytes += Int64(chunk.count) } }
            return chunk
        } catch {
            let failure = streamError(error)
            finish(.failure(failure))
            throw failure
        }
    }

    /// Counts `count` more lines or events handed to the app, for the plugins' `didFinish`.
    func count(elements count: Int) {
        state.withLock { $0.elements += count }
    }

    /// Ends the call: the body is cancelled unless it ended, and the plugins' `didFinish` runs,
    /// once, with `result` (the head, or the failure).
    func finish(_ result: Result<Response, CourierError>) {
        let counts = state.withLock { state -> StreamedAmount? in
            guard !state.finished else { return nil }
            state.finished = true
            return StreamedAmount(bytes: state.bytes, elements: state.elements)
        }
        guard let counts else { return }
        body.cancel()
        provider.finishStream(result, target: target, context: context?.with(streamed: counts))
    }

    /// Stops the call: the consumer has gone.
    func cancel() {
        finish(.failure(.cancelled))
    }

    /// The body's failure as the call's error, with the head as its response.
    func streamError(_ error: any Error) -> CourierError {
        if let courierError = error as? CourierError { return courierError }
        if error is CancellationError || (error as? URLError)?.code == .cancelled { return .cancelled }
        return .underlying(error, head)
    }
}

extension Provider {
    /// The pipeline of a streaming call: the attempts of any call (``runAttempts(of:for:endpoint:progress:)``),
    /// with `session` in its ``Call`` so that the exchange streams, until the head is accepted. The
    /// call's end is the stream's: `didFinish` when the body ends (``finishStream(_:target:context:)``);
    /// a stream is never cached, so it has no offline fallback, and it invalidates nothing.
    func runStreamPipeline(
        for target: Target, endpoint: Endpoint, session: StreamSession,
        accept: @escaping (Response) throws(CourierError) -> Void
    ) async -> (result: Result<Response, CourierError>, context: CallContext) {
        let call = Call(stream: session, clock: options.clock, accept: accept)
        let result = await CallContext.$bound.withValue(call.context(at: 1)) {
            await runAttempts(of: call, for: target, endpoint: endpoint, progress: nil)
        }
        return (result, call.context(at: call.attempt))
    }

    /// The plugins' `didFinish` for a streaming call, with its context.
    func finishStream(_ result: Result<Response, CourierError>, target: Target, context: CallContext?) {
        CallContext.$bound.withValue(context) {
            for plugin in plugins { plugin.didFinish(result, target: target) }
        }
    }
}
