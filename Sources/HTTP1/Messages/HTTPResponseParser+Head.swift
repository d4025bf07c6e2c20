import CourierTargets
import CourierTransport
import Foundation

/// The status line and header fields (RFC 9112 §2–5), interim responses skipped.
extension HTTPResponseParser {
    /// Parses a head once it is complete: `nil` when more bytes are needed, `.some(nil)` after
    /// an interim response that was skipped, the final head otherwise.
    mutating func parseHead() throws(HTTPParseError) -> HTTPResponseHead?? {
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
    func rejectEarlyIfNotHTTP() throws(HTTPParseError) {
        let prefix: [UInt8] = Array("HTTP/1.".utf8)
        let available = min(prefix.count, buffer.count - position)
        for offset in 0..<available where buffer[position + offset] != prefix[offset] {
            throw .invalidStatusLine
        }
    }

    /// The index just past the empty line that ends the head, or `nil` when it has not arrived.
    mutating func findHeadEnd() throws(HTTPParseError) -> Int? {
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

    func checkedHeadEnd(_ end: Int) throws(HTTPParseError) -> Int {
        guard end - position <= limits.maximumHeaderBytes else {
            throw .headerTooLarge(limit: limits.maximumHeaderBytes)
        }
        return end
    }

    /// The head in `bytes`, which end with the empty line.
    static func head(from bytes: ArraySlice<UInt8>, limits: Limits) throws(HTTPParseError) -> HTTPResponseHead {
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
    static func statusLine(_ line: ArraySlice<UInt8>) throws(HTTPParseError) -> HTTPResponseHead {
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
            reason = HTTPSyntax.text(phrase)
        }
        return HTTPResponseHead(
            minorVersion: Int(minor - UInt8(ascii: "0")), status: status, reason: reason, headers: [])
    }

    /// `name ":" OWS value OWS`; the name must be a token, with no whitespace before the colon.
    static func field(from line: ArraySlice<UInt8>) throws(HTTPParseError) -> HeaderField {
        guard let colon = line.firstIndex(of: HTTPSyntax.colon) else { throw .invalidHeaderLine }
        let nameBytes = line[line.startIndex..<colon]
        guard HTTPSyntax.isToken(nameBytes) else { throw .invalidHeaderLine }
        let name = String(decoding: nameBytes, as: UTF8.self)
        return HeaderField(name: name, value: try value(line[(colon + 1)...], name: name))
    }

    static func fold(_ line: ArraySlice<UInt8>, into field: inout HeaderField) throws(HTTPParseError) {
        let continuation = try value(line, name: field.name)
        guard !continuation.isEmpty else { return }
        field.value = field.value.isEmpty ? continuation : field.value + " " + continuation
    }

    /// A field value without surrounding whitespace; NUL and bare CR are refused.
    static func value(_ bytes: ArraySlice<UInt8>, name: String) throws(HTTPParseError) -> String {
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, HTTPSyntax.isWhitespace(bytes[start]) { start += 1 }
        while end > start, HTTPSyntax.isWhitespace(bytes[end - 1]) { end -= 1 }
        let trimmed = bytes[start..<end]
        guard !trimmed.contains(where: { $0 == 0 || $0 == HTTPSyntax.cr }) else {
            throw .invalidHeaderValue(name: name)
        }
        return HTTPSyntax.text(trimmed)
    }
}
