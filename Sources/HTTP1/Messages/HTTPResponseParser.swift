import CourierTransport
import Foundation

/// An incremental HTTP/1.1 response parser (RFC 9112): bytes go in with ``append(_:)`` in
/// pieces of any size, events come out of ``next()``.
///
/// It frames the body by `Content-Length`, by the chunked coding (extensions ignored, trailers
/// collected), or by the end of the connection (``finish()``); responses to `HEAD`, `1xx`
/// (interim ones are skipped), `204` and `304` have no body. Of the transfer codings only the chunked
/// framing is removed: a body whose last coding is another is read until the connection closes,
/// and comes up in its codings, with its `Transfer-Encoding`; `chunked` named twice is refused
/// (``HTTPParseError/unsupportedTransferCoding(_:)``). Header values and the
/// reason phrase are UTF-8 when valid, ISO-8859-1 otherwise (``HTTPSyntax/text(_:)``). Every malformed input ends in an
/// ``HTTPParseError``, never in a crash, and memory stays bounded by ``Limits`` plus what the
/// caller has not consumed yet.
///
/// ```swift
/// var parser = HTTPResponseParser(isResponseToHEAD: false)
/// parser.append(bytes)
/// while let event = try parser.next() { … }   // .head, then .body pieces, then .end
/// ```
///
/// The parser is split by concern: the head (`+Head`), the body's framing (`+Framing`), and
/// body bytes, chunks and trailers (`+Body`). Its stored state is internal so those extensions
/// can move it; nothing outside the parser writes it.
struct HTTPResponseParser: Sendable {
    /// Bounds on what a server may make the parser hold.
    struct Limits: Sendable, Equatable {
        /// The longest status line plus headers, and the longest trailer section, in bytes;
        /// `65,536` by default.
        var maximumHeaderBytes = 64 * 1024
        /// The most header fields, and the most trailer fields; `128` by default.
        var maximumHeaderCount = 128
        /// The longest chunk-size line, extensions included; `4,096` by default.
        var maximumChunkLineBytes = 4096
        /// The most interim (`1xx`) responses before the final one; `16` by default.
        var maximumInformationalResponses = 16
    }

    /// How the body of the current response ends.
    enum Framing: Sendable, Equatable {
        /// No body (`HEAD`, `1xx`, `204`, `304`).
        case none
        /// Exactly this many bytes.
        case contentLength(Int64)
        /// The chunked transfer coding.
        case chunked
        /// Everything until the server closes the connection.
        case untilClose
    }

    /// What the parser found.
    enum Event: Sendable, Equatable {
        /// The final response's status line and headers (interim `1xx` ones are skipped).
        case head(HTTPResponseHead)
        /// A piece of the body, in order; pieces are never empty.
        case body(ArraySlice<UInt8>)
        /// The response is complete; `trailers` are a chunked body's trailer fields.
        case end(trailers: [HeaderField])
    }

    /// Where the parser is in the response; the parser's own (its extensions in other files
    /// read and move it).
    enum State: Sendable, Equatable {
        case head
        case body(remaining: Int64)
        case chunkSize
        case chunkData(remaining: Int64)
        case chunkEnd
        case trailers
        case untilClose
        case complete
        case done
    }

    let limits: Limits
    let isResponseToHEAD: Bool
    var state = State.head
    var buffer: [UInt8] = []
    /// The first byte not consumed yet.
    var position = 0
    /// How many bytes after `position` were already searched for the end of a line or head.
    var scanned = 0
    var informationalCount = 0
    var trailers: [HeaderField] = []
    var trailerBytes = 0

    /// The final response's head, once parsed.
    var head: HTTPResponseHead?
    /// How the final response's body is framed, once its head is parsed.
    var framing: Framing?
    /// Whether any byte was ever appended.
    var hasReceivedBytes = false
    /// Whether the connection must not carry another request: the body ends at close, or
    /// both `Transfer-Encoding` and `Content-Length` were sent (RFC 9112 §6.3).
    var requiresConnectionClose = false

    /// Creates a parser for one response.
    ///
    /// - Parameters:
    ///   - isResponseToHEAD: whether the request was `HEAD`, whose response never has a body.
    ///   - limits: the bounds; ``Limits/init()`` by default.
    init(isResponseToHEAD: Bool, limits: Limits = Limits()) {
        self.isResponseToHEAD = isResponseToHEAD
        self.limits = limits
    }

    /// Whether the whole response, `.end` included, was returned by ``next()``.
    var isDone: Bool { state == .done }

    /// Bytes appended but not consumed: after ``isDone``, bytes the server sent beyond the response.
    var unconsumedByteCount: Int { buffer.count - position }

    /// Adds bytes received from the connection.
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        compact()
        hasReceivedBytes = true
        buffer.append(contentsOf: bytes)
    }

    /// Adds bytes received from the connection.
    mutating func append<Bytes: Sequence<UInt8>>(contentsOf bytes: Bytes) {
        compact()
        let before = buffer.count
        buffer.append(contentsOf: bytes)
        if buffer.count > before { hasReceivedBytes = true }
    }

    /// Drops consumed bytes, so the buffer holds only what is still needed.
    mutating func compact() {
        guard position > 0 else { return }
        if position == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= 256 * 1024)
            position = 0
        } else if position >= 4096 || position * 2 >= buffer.count {
            buffer.removeSubrange(0..<position)
            position = 0
        }
    }

    /// The next event, or `nil` when more bytes are needed (or after `.end`).
    mutating func next() throws(HTTPParseError) -> Event? {
        while true {
            switch state {
            case .head:
                guard let head = try parseHead() else { return nil }
                if let head { return .head(head) }
            case .body(let remaining):
                guard let piece = takeBody(upTo: remaining) else { return nil }
                let left = remaining - Int64(piece.count)
                state = left == 0 ? .complete : .body(remaining: left)
                return .body(piece)
            case .chunkSize:
                guard let line = try takeLine(limit: limits.maximumChunkLineBytes, tooLong: .invalidChunk) else {
                    return nil
                }
                let size = try Self.chunkSize(of: line)
                state = size == 0 ? .trailers : .chunkData(remaining: size)
            case .chunkData(let remaining):
                guard let piece = takeBody(upTo: remaining) else { return nil }
                let left = remaining - Int64(piece.count)
                state = left == 0 ? .chunkEnd : .chunkData(remaining: left)
                return .body(piece)
            case .chunkEnd:
                guard try takeChunkTerminator() else { return nil }
                state = .chunkSize
            case .trailers:
                guard try parseTrailerLine() else { return nil }
            case .untilClose:
                guard let piece = takeBody(upTo: Int64.max) else { return nil }
                return .body(piece)
            case .complete:
                state = .done
                return .end(trailers: trailers)
            case .done:
                return nil
            }
        }
    }

    /// Called when the connection ended: the `.end` of a body framed by the connection's close,
    /// `nil` when the response was already complete.
    ///
    /// - Throws: ``HTTPParseError/unexpectedEndOfStream`` when the response is incomplete.
    mutating func finish() throws(HTTPParseError) -> Event? {
        switch state {
        case .untilClose:
            state = .complete
            return try next()
        case .complete, .done:
            return try next()
        default:
            throw .unexpectedEndOfStream
        }
    }
}
