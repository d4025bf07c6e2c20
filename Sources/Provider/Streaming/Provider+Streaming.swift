import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Streaming calls: a target's body read as it arrives, as chunks, lines, server-sent events,
/// or models decoded from each line or event.
///
/// A streaming call runs the pipeline as any call does (endpoint closure, request closure,
/// `prepare`, `willSend`, the status checked — a `401` is ``CourierError/sessionExpired(_:)``, so
/// a token refresh and its retry happen before the first byte — `didReceive` and `process` with
/// the head as a response without a body), then hands the body over as it arrives. The plugins'
/// `didFinish` runs when the body ends, fails, or the app stops reading, with
/// ``CallContext/streamed`` saying how much was read. A status the target does not accept fails
/// the call with the error page as the response's data; a target that says nothing about
/// validation accepts only `2xx`, as an error page is no stream.
///
/// The whole-call deadline covers the call until its head arrives; the body then has the limits
/// of ``StreamOptions`` instead. In-flight sharing never shares a stream. The transport must adopt
/// ``StreamingTransport``; a stubbed call (`stubClosure`) streams the target's sample data.
extension Provider {
    /// The body of `target` in the pieces the network delivered it in.
    public func bytes(_ target: Target, options: StreamOptions = StreamOptions()) -> ResponseStream<Data> {
        stream(target, options: options) { _ in ChunkStage() }
    }

    /// The body of `target` as lines of text (UTF-8), ending at LF, CR or CRLF; the last line
    /// counts even without a line end.
    public func lines(_ target: Target, options: StreamOptions = StreamOptions()) -> ResponseStream<String> {
        stream(target, options: options) { head in
            LineStage(splitter: LineSplitter(maximumLineLength: options.maximumLineLength), head: head) { line in
                String(decoding: line, as: UTF8.self)
            }
        }
    }

    /// The body of `target` as JSON lines (`application/x-ndjson`), each decoded as `T`; blank
    /// lines are skipped.
    ///
    /// ```swift
    /// for try await order in provider.lines(.orderUpdates(id: 42), as: OrderUpdate.self) {
    ///     print(order.status)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - target: the call.
    ///   - type: the model each line is decoded as.
    ///   - throughEnvelope: whether each line is a business envelope whose payload is `T`, checked
    ///     and unwrapped by the provider's (or the target's) envelope; `false` by default.
    ///   - options: the stream's limits; the defaults of ``StreamOptions`` by default.
    public func lines<T: Decodable & Sendable>(
        _ target: Target, as type: T.Type, throughEnvelope: Bool = false, options: StreamOptions = StreamOptions()
    ) -> ResponseStream<T> {
        let decode = decoder(T.self, target: target, throughEnvelope: throughEnvelope)
        return stream(target, options: options) { head in
            LineStage(splitter: LineSplitter(maximumLineLength: options.maximumLineLength), head: head) {
                (line: Data) throws(CourierError) -> T? in
                if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return nil }
                return try decode(head, line)
            }
        }
    }

    /// The body of `target` as server-sent events (`text/event-stream`), parsed by the WHATWG
    /// EventSource rules.
    public func events(_ target: Target, options: StreamOptions = StreamOptions()) -> ResponseStream<ServerSentEvent> {
        stream(target, options: options) { head in
            EventStage(parser: Self.parser(options), head: head) { $0 }
        }
    }

    /// The body of `target` as server-sent events, the data of each decoded as `T`.
    ///
    /// ```swift
    /// for try await delta in provider.events(.chat(prompt), as: ChatDelta.self) {
    ///     reply += delta.text
    /// }
    /// ```
    ///
    /// An event the app must not decode (a `[DONE]` marker, a keep-alive of another type) calls
    /// for ``events(_:options:)`` instead, which hands over each event's type and data.
    ///
    /// An expiry a server signals only inside the body (an envelope code) fails the stream with
    /// ``CourierError/sessionExpired(_:)`` at that event when `throughEnvelope` is set: the app
    /// refreshes and starts the stream again, as the pipeline cannot once the body has begun.
    ///
    /// - Parameters:
    ///   - target: the call.
    ///   - type: the model each event's data is decoded as.
    ///   - throughEnvelope: whether each event's data is a business envelope whose payload is `T`,
    ///     checked and unwrapped by the provider's (or the target's) envelope; `false` by default.
    ///   - options: the stream's limits and reconnection; the defaults of ``StreamOptions`` by default.
    public func events<T: Decodable & Sendable>(
        _ target: Target, as type: T.Type, throughEnvelope: Bool = false, options: StreamOptions = StreamOptions()
    ) -> ResponseStream<T> {
        let decode = decoder(T.self, target: target, throughEnvelope: throughEnvelope)
        return stream(target, options: options) { head in
            EventStage(parser: Self.parser(options), head: head) { (event: ServerSentEvent) throws(CourierError) -> T in
                try decode(head, Data(event.data.utf8))
            }
        }
    }

    private func stream<Element>(
        _ target: Target, options: StreamOptions,
        makeStage: @escaping @Sendable (Response) -> any StreamStage<Element>
    ) -> ResponseStream<Element> {
        ResponseStream { StreamReader(provider: self, target: target, options: options, makeStage: makeStage) }
    }

    private static func parser(_ options: StreamOptions) -> EventStreamParser {
        EventStreamParser(maximumLineLength: options.maximumLineLength, maximumEventSize: options.maximumEventSize)
    }

    /// Decodes one line or event as `T`, as a response of its own that carries the stream's head.
    private func decoder<T: Decodable & Sendable>(_ type: T.Type, target: Target, throughEnvelope: Bool)
        -> @Sendable (Response, Data) throws(CourierError) -> T
    {
        { head, data throws(CourierError) in
            let response = Response(statusCode: head.statusCode, data: data, request: head.request, head: head.head)
            if throughEnvelope { return try self.decode(T.self, from: response, target: target) }
            do {
                return try response.map(T.self, using: self.options.decoder)
            } catch {
                throw (error as? CourierError) ?? .objectMapping(error, response)
            }
        }
    }
}
