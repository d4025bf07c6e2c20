import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the pipeline needs to know while it runs a streaming call, and what it leaves for the
/// stream: carried by the call's ``Call``, so that the pipeline's steps stay those of every call
/// and only the exchange and the final hook behave differently.
///
/// The chain opens each hop's body over a ``StreamingTransport`` and keeps the final one here; the response
/// the pipeline makes of its head is bound to it, so that a response a plugin put in its place
/// is told apart.
final class StreamSession: Sendable {
    private struct State: Sendable {
        var body: StreamedBody?
        var head: Response?
        var closed = false
    }

    let options: StreamOptions
    /// The provider's clock, which the idle limit counts on.
    private let clock: WaitClock
    /// Whether a status leads to the body being streamed (else it is read as an error page).
    private let streams: @Sendable (Int) -> Bool
    private let state = LockedState(State())

    init(options: StreamOptions, clock: WaitClock, streams: @escaping @Sendable (Int) -> Bool) {
        self.options = options
        self.clock = clock
        self.streams = streams
    }

    /// One hop of an attempt's exchange, for the chain (``CallChain/stream(_:session:)``): its head,
    /// and a fresh body the transport streams into, decoded by the chain's link when `rule` says so.
    func openHop(
        _ request: TransportRequest, over transport: any Transport, decoding rule: ContentDecodingRule?
    ) async throws -> StreamHop {
        guard let streaming = transport as? any StreamingTransport else {
            throw StreamingUnsupportedError(transport: String(describing: type(of: transport)))
        }
        var request = request
        if options.idleTimeout.isFinite, options.idleTimeout > 0 {
            request.urlRequest.timeoutInterval = options.idleTimeout
        }
        let body = StreamedBody(bufferLimit: options.bufferLimit)
        do {
            let answer = try await ContentDecodingLink.stream(request, over: streaming, into: body, rule: rule)
            // From the head on: until it came, the request's timeout bounded the wait.
            body.limitIdleTime(to: options.idleTimeout, clock: clock)
            return StreamHop(answer: answer, body: body)
        } catch {
            body.cancel()
            throw error
        }
    }

    /// The attempt's final hop: the head, with `body` kept here; or, for a status that is not
    /// streamed, the whole answer with up to ``StreamOptions/maximumEventSize`` bytes of its body,
    /// for the error the pipeline makes of it.
    func keep(_ answer: TransportResponse, body: StreamedBody) async throws -> TransportResponse {
        var answer = answer
        guard streams(answer.statusCode) else {
            answer.data = await Self.collect(body, upTo: options.maximumEventSize)
            return answer
        }
        let replaced = state.withLock { state -> StreamedBody? in
            if state.closed { return body }
            defer {
                state.body = body
                state.head = nil
            }
            return state.body
        }
        replaced?.cancel()
        if replaced === body { throw CancellationError() }
        return answer
    }

    /// The pipeline made `result` of the head `keep` returned last.
    func bind(_ result: Result<Response, CourierError>) {
        let dropped = state.withLock { state -> StreamedBody? in
            guard state.body != nil, state.head == nil else { return nil }
            if case .success(let response) = result {
                state.head = response
                return nil
            }
            defer { state.body = nil }
            return state.body
        }
        dropped?.cancel()
    }

    /// Ends the pipeline's part: the body that goes with `response`, if the transport streamed it
    /// (a stub, or a response a plugin put in place, streams its `data`). A body opened later, by
    /// work the pipeline let go, is cancelled at once.
    func close(with response: Response) -> StreamedBody {
        let (body, head) = state.withLock { state in
            state.closed = true
            defer { state.body = nil }
            return (state.body, state.head)
        }
        if let body, head === response { return body }
        body?.cancel()
        return StreamedBody.complete(response.data)
    }

    /// Cancels whatever body is open; the call failed.
    func abandon() {
        let body = state.withLock { state in
            state.closed = true
            defer { state.body = nil }
            return state.body
        }
        body?.cancel()
    }

    /// Up to `limit` bytes of `body`, then the body cancelled.
    private static func collect(_ body: StreamedBody, upTo limit: Int) async -> Data {
        var data = Data()
        while data.count < limit, let chunk = try? await body.next() {
            data.append(chunk.prefix(limit - data.count))
        }
        body.cancel()
        return data
    }
}
