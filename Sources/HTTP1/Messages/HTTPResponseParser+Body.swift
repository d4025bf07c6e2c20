import CourierTransport
import Foundation

/// Body bytes, the chunked coding and its trailers, and the lines they are made of.
extension HTTPResponseParser {
    /// The buffered body bytes, at most `remaining` of them; `nil` when none are buffered.
    mutating func takeBody(upTo remaining: Int64) -> ArraySlice<UInt8>? {
        let available = buffer.count - position
        guard available > 0 else { return nil }
        let count = Int(min(Int64(available), remaining))
        let piece = buffer[position..<(position + count)]
        position += count
        return piece
    }

    /// Consumes the CRLF (or a bare LF) after a chunk's data; `false` when more bytes are needed.
    mutating func takeChunkTerminator() throws(HTTPParseError) -> Bool {
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
    static func chunkSize(of line: ArraySlice<UInt8>) throws(HTTPParseError) -> Int64 {
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

    /// The next line without its line ending (CRLF or LF), or `nil` when it is not complete.
    mutating func takeLine(limit: Int, tooLong: HTTPParseError) throws(HTTPParseError) -> ArraySlice<UInt8>? {
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
    mutating func parseTrailerLine() throws(HTTPParseError) -> Bool {
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
}
