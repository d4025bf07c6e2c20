import Foundation

/// One step of a stubbed streamed body (``StubAnswer/stream(_:status:headers:)``): bytes, a
/// pause, or the failure that cuts the stream.
public enum StubStreamPart: Sendable {
    /// These bytes, delivered as one piece.
    case data(Data)
    /// This text, as UTF-8, delivered as one piece.
    case text(String)
    /// A wait of this many seconds before the next part; it ends early when the stream is cancelled.
    case pause(TimeInterval)
    /// The connection fails with this error here, as a dropped connection does
    /// (`URLError(.networkConnectionLost)`, for example).
    case failure(any Error)

    /// A server-sent event as a server writes it: its `event`, `id` and `data` lines (one per
    /// line of `data`) and the blank line that ends it.
    public static func event(_ data: String, event: String? = nil, id: String? = nil) -> StubStreamPart {
        var text = ""
        if let event { text += "event: \(event)\n" }
        if let id { text += "id: \(id)\n" }
        for line in data.split(separator: "\n", omittingEmptySubsequences: false) { text += "data: \(line)\n" }
        return .text(text + "\n")
    }

    /// A JSON line: `json` and a line end.
    public static func line(_ json: String) -> StubStreamPart {
        .text(json + "\n")
    }
}

extension [StubStreamPart] {
    /// The parts' bytes, for a call that reads the body whole; throws the failure that cuts them.
    func wholeBody() throws -> Data {
        var body = Data()
        for part in self {
            switch part {
            case .data(let data): body.append(data)
            case .text(let text): body.append(Data(text.utf8))
            case .pause: break
            case .failure(let error): throw error
            }
        }
        return body
    }
}

extension StubAnswer {
    /// A streamed response: `status` (`200` by default) and `headers`, then the body in `parts`,
    /// each delivered as it comes, with the pauses between them, and ending with the failure if
    /// there is one. A streaming call (`bytes`, `lines`, `events`) reads it as it arrives; any
    /// other call gets the whole body, or the failure.
    ///
    /// ```swift
    /// stubs.when(LiveAPI.comments(room: 7)).respond(.stream([
    ///     .event(#"{"user":"ann","text":"hi"}"#, id: "1"),
    ///     .pause(0.5),
    ///     .event(#"{"user":"bob","text":"hello"}"#, id: "2"),
    ///     .failure(URLError(.networkConnectionLost)),
    /// ], headers: ["Content-Type": "text/event-stream"]))
    /// ```
    public static func stream(
        _ parts: [StubStreamPart], status: Int = 200, headers: [String: String] = [:]
    ) -> StubAnswer {
        StubAnswer(.stream(status: status, headers: headers, parts: parts))
    }

    /// Answers a streaming call: the head now, the body through `body` as its parts come.
    func stream(_ request: TransportRequest, into body: StreamedBody) async throws -> TransportResponse {
        if delay > 0 { try await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000)) }
        switch outcome {
        case .failure(let error):
            throw error
        case .response:
            return body.deliverWhole(try await self.answer(request))
        case .stream(let status, let headers, let parts):
            let head = try HTTPResponses.make(for: request, status: status, headers: headers, body: Data())
            let writer = Task { await Self.write(parts, into: body) }
            body.onCancel { writer.cancel() }
            return head
        }
    }

    private static func write(_ parts: [StubStreamPart], into body: StreamedBody) async {
        do {
            for part in parts {
                switch part {
                case .data(let data): try await body.send(data)
                case .text(let text): try await body.send(Data(text.utf8))
                case .pause(let seconds): try await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
                case .failure(let error):
                    body.finish(throwing: error)
                    return
                }
            }
            body.finish()
        } catch {
            body.finish(throwing: error)
        }
    }
}
