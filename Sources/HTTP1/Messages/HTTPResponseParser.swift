import Courier
import Foundation

/// An incremental HTTP/1.1 response parser (RFC 9112): bytes go in with ``append(_:)`` in
/// pieces of any size, events come out of ``next()``.
///
/// It frames the body by `Content-Length`, by the chunked coding (extensions ignored, trailers
/// collected), or by the end of the connection (``finish()``); responses to `HEAD`, `1xx`
/// (interim ones are skipped), `204` and `304` have no body. Every malformed input ends in an
/// ``HTTPParseError``, never in a crash, and memory stays bounded by ``Limits`` plus what the
/// caller has not consumed yet.
///
/// ```swift
/// var parser = HTTPResponseParser(isResponseToHEAD: false)
/// parser.append(bytes)
/// while let event = try parser.next() { … }   // .head, then .body pieces, then .end
/// ```
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

    private enum State: Sendable, Equatable {
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
    private var state = State.head
    private var buffer: [UInt8] = []
    /// The first byte not consumed yet.
    private var position = 0
    /// How many bytes after `position` were already searched for the end of a line or head.
    private var scanned = 0
    private var informationalCount = 0
    private var trailers: [HeaderField] = []
    private var trailerBytes = 0

    /// The final response's head, once parsed.
    private(set) var head: HTTPResponseHead?
    /// How the final response's body is framed, once its head is parsed.
    private(set) var framing: Framing?
    /// Whether any byte was ever appended.
    private(set) var hasReceivedBytes = false
    /// Whether the connection must not carry another request: the body ends at close, or
    /// both `Transfer-Encoding` and `Content-Length` were sent (RFC 9112 §6.3).
    private(set) var requiresConnectionClose = false

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
    private mutating func compact() {
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

    // MARK: Body

    private mutating func takeBody(upTo remaining: Int64) -> ArraySlice<UInt8>? {
        let available = buffer.count - position
        guard available > 0 else { return nil }
        let count = Int(min(Int64(available), remaining))
        let piece = buffer[position..<(position + count)]
        position += count
        return piece
    }

    /// Consumes the CRLF (or a bare LF) after a chunk's data; `false` when more bytes are needed.
    private mutating func takeChunkTerminator() throws(HTTPParseError) -> Bool {
        let available = buffer.count - position
        guard available > 0 else { return false }
        if buffer[position] == HTTPSyntax.lf {
            position += 1
            return true
        }
        guard buffer[position] == HTTPSyntax.cr else { throw .invalidChunk }
        guard available > 1 else { return false }
        guard buffer[position + 1] == HTTPSyntax.lf else { throw .invalidChunk }
        position += 2
        return true
    }

    /// The size of a chunk from its line: hexadecimal digits, optional whitespace, then
    /// optional `;extensions`, which are ignored.
    private static func chunkSize(of line: ArraySlice<UInt8>) throws(HTTPParseError) -> Int64 {
        var size: Int64 = 0
        var digits = 0
        var index = line.startIndex
        while index < line.endIndex, let digit = HTTPSyntax.hexValue(line[index]) {
            digits += 1
            // 15 hexadecimal digits fit in Int64; more is an attack or a bug.
            guard digits <= 15 else { throw .invalidChunk }
            size = size * 16 + digit
            index += 1
        }
        guard digits > 0 else { throw .invalidChunk }
        while index < line.endIndex, HTTPSyntax.isWhitespace(line[index]) { index += 1 }
        guard index == line.endIndex || line[index] == UInt8(ascii: ";") else { throw .invalidChunk }
        guard !line[index...].contains(0) else { throw .invalidChunk }
        return size
    }

    // MARK: Lines

    /// The next line without its line ending (CRLF or LF), or `nil` when it is not complete.
    private mutating func takeLine(limit: Int, tooLong: HTTPParseError) throws(HTTPParseError) -> ArraySlice<UInt8>? {
        let start = position + scanned
        guard let newline = buffer[start...].firstIndex(of: HTTPSyntax.lf) else {
            scanned = buffer.count - position
            if scanned > limit { throw tooLong }
            return nil
        }
        guard newline - position <= limit else { throw tooLong }
        var end = newline
        if end > position, buffer[end - 1] == HTTPSyntax.cr { end -= 1 }
        let line = buffer[position..<end]
        position = newline + 1
        scanned = 0
        return line
    }

    /// Parses one trailer line; `false` when more bytes are needed.
    private mutating func parseTrailerLine() throws(HTTPParseError) -> Bool {
        let remainingBytes = max(0, limits.maximumHeaderBytes - trailerBytes)
        let before = position
        guard
            let line = try takeLine(
                limit: remainingBytes, tooLong: .headerTooLarge(limit: limits.maximumHeaderBytes))
        else { return false }
        trailerBytes += position - before
        if line.isEmpty {
            state = .complete
            return true
        }
        if HTTPSyntax.isWhitespace(line[line.startIndex]) {
            guard !trailers.isEmpty else { throw .invalidHeaderLine }
            try Self.fold(line, into: &trailers[trailers.count - 1])
            return true
        }
        guard trailers.count < limits.maximumHeaderCount else {
            throw .tooManyHeaders(limit: limits.maximumHeaderCount)
        }
        trailers.append(try Self.field(from: line))
        return true
    }

    // MARK: Head

    /// Parses a head once it is complete: `nil` when more bytes are needed, `.some(nil)` after
    /// an interim response that was skipped, the final head otherwise.
    private mutating func parseHead() throws(HTTPParseError) -> HTTPResponseHead?? {
        // Empty lines before the status line are ignored (RFC 9112 §2.2).
        while position < buffer.count, buffer[position] == HTTPSyntax.cr || buffer[position] == HTTPSyntax.lf {
            position += 1
            scanned = 0
        }
        try rejectEarlyIfNotHTTP()
        guard let end = try findHeadEnd() else { return nil }
        let head = try Self.head(from: buffer[position..<end], limits: limits)
        position = end
        scanned = 0
        if (100..<200).contains(head.status), head.status != 101 {
            informationalCount += 1
            guard informationalCount <= limits.maximumInformationalResponses else {
                throw .tooManyInformationalResponses(limit: limits.maximumInformationalResponses)
            }
            return .some(nil)
        }
        try frame(head)
        self.head = head
        return .some(head)
    }

    /// Fails as soon as the first bytes cannot start `HTTP/`, instead of waiting for a whole head.
    private func rejectEarlyIfNotHTTP() throws(HTTPParseError) {
        let prefix: [UInt8] = Array("HTTP/1.".utf8)
        let available = min(prefix.count, buffer.count - position)
        for offset in 0..<available where buffer[position + offset] != prefix[offset] {
            throw .invalidStatusLine
        }
    }

    /// The index just past the empty line that ends the head, or `nil` when it has not arrived.
    private mutating func findHeadEnd() throws(HTTPParseError) -> Int? {
        var index = position + scanned
        while index < buffer.count {
            guard let newline = buffer[index...].firstIndex(of: HTTPSyntax.lf) else {
                index = buffer.count
                break
            }
            let next = newline + 1
            if next < buffer.count, buffer[next] == HTTPSyntax.lf {
                return try checkedHeadEnd(next + 1)
            }
            if next + 1 < buffer.count, buffer[next] == HTTPSyntax.cr, buffer[next + 1] == HTTPSyntax.lf {
                return try checkedHeadEnd(next + 2)
            }
            if next == buffer.count || (buffer[next] == HTTPSyntax.cr && next + 1 == buffer.count) {
                // Too few bytes after this newline to tell whether the head ends: look again from here.
                index = newline
                break
            }
            index = next
        }
        scanned = index - position
        if buffer.count - position > limits.maximumHeaderBytes {
            throw .headerTooLarge(limit: limits.maximumHeaderBytes)
        }
        return nil
    }

    private func checkedHeadEnd(_ end: Int) throws(HTTPParseError) -> Int {
        guard end - position <= limits.maximumHeaderBytes else {
            throw .headerTooLarge(limit: limits.maximumHeaderBytes)
        }
        return end
    }

    /// The head in `bytes`, which end with the empty line.
    private static func head(from bytes: ArraySlice<UInt8>, limits: Limits) throws(HTTPParseError) -> HTTPResponseHead {
        var head: HTTPResponseHead?
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let newline = bytes[index...].firstIndex(of: HTTPSyntax.lf) ?? bytes.endIndex
            var end = newline
            if end > index, bytes[end - 1] == HTTPSyntax.cr { end -= 1 }
            let line = bytes[index..<end]
            index = newline + 1
            guard var parsed = head else {
                head = try statusLine(line)
                continue
            }
            // The empty line that ends the head (the only one it can hold).
            guard let first = line.first else { break }
            if HTTPSyntax.isWhitespace(first) {
                // obs-fold: a continuation of the previous value (RFC 9112 §5.2).
                guard !parsed.headers.isEmpty else { throw .invalidHeaderLine }
                head = nil  // Keeps `parsed.headers` uniquely referenced while it changes.
                try fold(line, into: &parsed.headers[parsed.headers.count - 1])
            } else {
                guard parsed.headers.count < limits.maximumHeaderCount else {
                    throw .tooManyHeaders(limit: limits.maximumHeaderCount)
                }
                head = nil
                parsed.headers.append(try field(from: line))
            }
            head = parsed
        }
        guard let head else { throw .invalidStatusLine }
        return head
    }

    /// `HTTP/1.x SP 3DIGIT [SP reason]`.
    private static func statusLine(_ line: ArraySlice<UInt8>) throws(HTTPParseError) -> HTTPResponseHead {
        let start = line.startIndex
        guard line.count >= 12, line.starts(with: "HTTP/1.".utf8) else { throw .invalidStatusLine }
        let minor = line[start + 7]
        guard minor >= UInt8(ascii: "0"), minor <= UInt8(ascii: "9"), line[start + 8] == HTTPSyntax.space else {
            throw .invalidStatusLine
        }
        var status = 0
        for byte in line[(start + 9)..<(start + 12)] {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { throw .invalidStatusLine }
            status = status * 10 + Int(byte - UInt8(ascii: "0"))
        }
        guard status >= 100 else { throw .invalidStatusLine }
        var reason = ""
        if line.count > 12 {
            guard line[start + 12] == HTTPSyntax.space else { throw .invalidStatusLine }
            let phrase = line[(start + 13)...]
            guard !phrase.contains(where: { $0 == 0 || $0 == HTTPSyntax.cr }) else { throw .invalidStatusLine }
            reason = String(decoding: phrase, as: UTF8.self)
        }
        return HTTPResponseHead(
            minorVersion: Int(minor - UInt8(ascii: "0")), status: status, reason: reason, headers: [])
    }

    /// `name ":" OWS value OWS`; the name must be a token, with no whitespace before the colon.
    private static func field(from line: ArraySlice<UInt8>) throws(HTTPParseError) -> HeaderField {
        guard let colon = line.firstIndex(of: HTTPSyntax.colon) else { throw .invalidHeaderLine }
        let nameBytes = line[line.startIndex..<colon]
        guard HTTPSyntax.isToken(nameBytes) else { throw .invalidHeaderLine }
        let name = String(decoding: nameBytes, as: UTF8.self)
        return HeaderField(name: name, value: try value(line[(colon + 1)...], name: name))
    }

    private static func fold(_ line: ArraySlice<UInt8>, into field: inout HeaderField) throws(HTTPParseError) {
        let continuation = try value(line, name: field.name)
        guard !continuation.isEmpty else { return }
        field.value = field.value.isEmpty ? continuation : field.value + " " + continuation
    }

    /// A field value without surrounding whitespace; NUL and bare CR are refused.
    private static func value(_ bytes: ArraySlice<UInt8>, name: String) throws(HTTPParseError) -> String {
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, HTTPSyntax.isWhitespace(bytes[start]) { start += 1 }
        while end > start, HTTPSyntax.isWhitespace(bytes[end - 1]) { end -= 1 }
        let trimmed = bytes[start..<end]
        guard !trimmed.contains(where: { $0 == 0 || $0 == HTTPSyntax.cr }) else {
            throw .invalidHeaderValue(name: name)
        }
        return String(decoding: trimmed, as: UTF8.self)
    }

    // MARK: Framing

    /// Decides how the body of `head` ends (RFC 9112 §6.3) and moves to that state.
    private mutating func frame(_ head: HTTPResponseHead) throws(HTTPParseError) {
        if isResponseToHEAD || head.status < 200 || head.status == 204 || head.status == 304 {
            framing = Framing.none
            // A 101 switches protocols: whatever follows is not HTTP/1.1.
            requiresConnectionClose = head.status == 101
            state = .complete
            return
        }
        var hasLength = false
        var hasCodings = false
        var lastCodingIsChunked = false
        for field in head.headers {
            if field.name.caseInsensitiveEquals("Content-Length") { hasLength = true }
            if field.name.caseInsensitiveEquals("Transfer-Encoding") { hasCodings = true }
        }
        if hasCodings {
            head.forEachElement(of: "Transfer-Encoding") { coding in
                if !coding.isEmpty { lastCodingIsChunked = coding.caseInsensitiveEquals("chunked") }
            }
        }
        if hasCodings {
            requiresConnectionClose = hasLength
            if lastCodingIsChunked {
                framing = .chunked
                state = .chunkSize
            } else {
                framing = .untilClose
                requiresConnectionClose = true
                state = .untilClose
            }
            return
        }
        if hasLength {
            let length = try Self.contentLength(of: head)
            framing = .contentLength(length)
            state = length == 0 ? .complete : .body(remaining: length)
            return
        }
        framing = .untilClose
        requiresConnectionClose = true
        state = .untilClose
    }

    /// One length from every `Content-Length` value: each a list of equal decimal numbers.
    private static func contentLength(of head: HTTPResponseHead) throws(HTTPParseError) -> Int64 {
        var length: Int64?
        try head.forEachElement(of: "Content-Length") { (element) throws(HTTPParseError) in
            // 18 digits always fit in Int64.
            guard !element.isEmpty, element.utf8.count <= 18 else { throw .invalidContentLength }
            var number: Int64 = 0
            for byte in element.utf8 {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { throw .invalidContentLength }
                number = number * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            if let length, length != number { throw .invalidContentLength }
            length = number
        }
        guard let length else { throw .invalidContentLength }
        return length
    }
}
