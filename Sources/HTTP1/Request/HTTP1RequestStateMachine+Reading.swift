import CourierTransport
import Foundation

/// Bytes from the server: fed to the response parser while the response is incomplete, counted
/// against the size limit as they came (the chain decodes a content coding), and handed to memory
/// or to the sink; the end of the stream ends a body framed by it.
extension HTTP1RequestStateMachine {
    /// Bytes read at `now`.
    mutating func receive(_ bytes: UnsafeRawBufferPointer, at now: UInt64, _ actions: inout Actions) {
        guard !bytes.isEmpty else { return }
        lastActivity = now
        switch state {
        case .writing, .writeBlocked, .sent, .awaitingResponse:
            if firstByteAt == nil { firstByteAt = now }
            ingest(bytes, &actions)
        case .answered:
            // Bytes past a complete answer: the server is out of step; the answer stands.
            mayReuse = false
        case .delivered:
            // An answer nobody asked for: taken for the next request's, it would be wrong.
            mayReuse = false
            fail(ConnectionFailure.closedBeforeResponse, &actions)
        case .failed:
            break
        }
    }

    /// The server closed its side: the end of a body framed by the close, an early end otherwise.
    mutating func endOfStream(_ actions: inout Actions) {
        mayReuse = false
        switch state {
        case .writing, .writeBlocked, .sent, .awaitingResponse:
            guard var parser else { return outOfStep("endOfStream", &actions) }
            self.parser = nil
            let completed: Bool
            do {
                if case .end = try parser.finish() { completed = true } else { completed = false }
            } catch {
                completed = false
            }
            self.parser = parser
            if completed {
                complete(&actions)
            } else {
                fail(parser.hasReceivedBytes ? ConnectionFailure.closedDuringResponse : .closedBeforeResponse, &actions)
            }
        case .answered, .failed: break  // The answer stands; the connection goes when it is released.
        case .delivered: fail(ConnectionFailure.closedBeforeResponse, &actions)
        }
    }

    /// Feeds `bytes` to the parser and acts on what it finds: the head, body pieces, the end.
    private mutating func ingest(_ bytes: UnsafeRawBufferPointer, _ actions: inout Actions) {
        guard var parser else { return outOfStep("bytesRead", &actions) }
        // Owned here while it changes, so its buffer is not copied on write.
        self.parser = nil
        parser.append(bytes)
        var isComplete = false
        do {
            while let event = try parser.next() {
                switch event {
                case .head:
                    try begin(framing: parser.framing)
                    if rules.bodyToFile { actions.head = parser.head }
                    if rules.idleTimeoutEndsWithHead { idleTimeout = nil }
                    enterBody()
                case .body(let piece):
                    try take(piece, &actions)
                case .end:
                    isComplete = true
                }
                if isComplete { break }
            }
        } catch {
            self.parser = parser
            return fail(error, &actions)
        }
        self.parser = parser
        if isComplete { complete(&actions) }
    }

    /// The head is parsed: a declared length is checked against the limit, and memory reserved
    /// for it (``BodyCollector/expect(length:)``).
    private mutating func begin(framing: HTTPResponseParser.Framing?) throws {
        guard case .contentLength(let length) = framing else { return }
        expected = length
        try collector.expect(length: length)
    }

    /// A piece of the body as it came on the wire: collected within the limit (kept, or handed to
    /// the sink), counted for progress.
    private mutating func take(_ piece: ArraySlice<UInt8>, _ actions: inout Actions) throws {
        try piece.withUnsafeBytes { bytes in
            try collector.append(bytes)
            guard rules.bodyToFile else { return }
            if actions.fileBytes == nil {
                actions.fileBytes = Data(bytes)
            } else {
                actions.fileBytes?.append(contentsOf: bytes)
            }
        }
        if rules.reportsProgress {
            actions.progress = TransferProgress(completedUnitCount: collector.count, totalUnitCount: expected)
        }
    }

    /// The head is in: the body follows.
    private mutating func enterBody() {
        switch state {
        case .writing: state = .writing(.readingBody)
        case .writeBlocked: state = .writeBlocked(.readingBody)
        case .sent: state = .sent(.readingBody)
        case .awaitingResponse: state = .awaitingResponse(.readingBody)
        case .answered, .delivered, .failed: break
        }
    }
}
