import CourierTransport
import Foundation

/// Bytes from the server: fed to the response parser while a response is expected, a reason to
/// close the connection when none is.
extension HTTP1ConnectionStateMachine {
    /// Bodies of a known length up to this size get their memory at once.
    private static let reservedBodyLimit: Int64 = 16 * 1024 * 1024

    mutating func receive(_ bytes: UnsafeRawBufferPointer, _ actions: inout Actions) {
        guard !bytes.isEmpty else { return }
        switch state {
        case .writing, .writeBlocked, .sent, .awaitingResponse:
            ingest(bytes, &actions)
        case .answered:
            // Bytes past a complete answer: the server is out of step; the answer stands.
            mayReuse = false
        case .idle, .pooled, .delivered:
            // An answer nobody asked for: taken for the next request's, it would be wrong.
            mayReuse = false
            close(ConnectionFailure.closedBeforeResponse, &actions)
        case .connecting:
            outOfStep("bytesRead", &actions)
        case .closed:
            break
        }
    }

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
                    try begin(framing: parser.framing, head: parser.head)
                    if rules.bodyToFile {
                        actions.head = decoder == nil ? parser.head : parser.head.map(ContentDecoder.decodedHead)
                    }
                    setPhase(.readingBody)
                case .body(let piece):
                    try take(piece, &actions)
                case .end:
                    isComplete = true
                }
                if isComplete { break }
            }
        } catch {
            self.parser = parser
            return close(error, &actions)
        }
        self.parser = parser
        if isComplete { complete(&actions) }
    }

    private mutating func begin(framing: HTTPResponseParser.Framing?, head: HTTPResponseHead?) throws {
        if let head { decoder = ContentDecoder.forBody(of: head, requested: rules.decodesContent) }
        guard case .contentLength(let length) = framing else { return }
        expected = length
        if let limit = rules.maximumSize, length > limit { throw TransportError.responseTooLarge(limit: limit) }
        if !rules.bodyToFile, length <= Self.reservedBodyLimit { body.reserveCapacity(Int(length)) }
    }

    private mutating func take(_ piece: ArraySlice<UInt8>, _ actions: inout Actions) throws {
        received += Int64(piece.count)
        if let decoder {
            try piece.withUnsafeBytes { bytes in
                try decoder.decode(bytes) { decoded in try deliver(decoded, &actions) }
            }
        } else {
            try piece.withUnsafeBytes { bytes in try deliver(bytes, &actions) }
        }
        if rules.reportsProgress {
            actions.progress = TransferProgress(completedUnitCount: received, totalUnitCount: expected)
        }
    }

    /// Adds body bytes (decoded, when a coding applies) to the file or memory, within the limit.
    private mutating func deliver(_ bytes: UnsafeRawBufferPointer, _ actions: inout Actions) throws {
        delivered += Int64(bytes.count)
        if let limit = rules.maximumSize, delivered > limit { throw TransportError.responseTooLarge(limit: limit) }
        if rules.bodyToFile {
            if actions.fileBytes == nil {
                actions.fileBytes = Data(bytes)
            } else {
                actions.fileBytes?.append(contentsOf: bytes)
            }
        } else {
            body.append(contentsOf: bytes)
        }
    }

    private mutating func setPhase(_ phase: ResponsePhase) {
        switch state {
        case .writing: state = .writing(phase)
        case .writeBlocked: state = .writeBlocked(phase)
        case .sent: state = .sent(phase)
        case .awaitingResponse: state = .awaitingResponse(phase)
        default: break
        }
    }
}
