import CourierTargets
import CourierTransport
import Foundation

/// How a response's body ends (RFC 9112 §6).
extension HTTPResponseParser {
    /// Decides how the body of `head` ends (RFC 9112 §6.3) and moves to that state.
    mutating func frame(_ head: HTTPResponseHead) throws(HTTPParseError) {
        if isResponseToHEAD || head.status < 200 || head.status == 204 || head.status == 304 {
            framing = Framing.none
            // A 101 switches protocols: whatever follows is not HTTP/1.1.
            requiresConnectionClose = head.status == 101
            state = .complete
            return
        }
        var hasLength = false
        var hasCodings = false
        for field in head.headers {
            if field.name.caseInsensitiveEquals("Content-Length") { hasLength = true }
            if field.name.caseInsensitiveEquals("Transfer-Encoding") { hasCodings = true }
        }
        if hasCodings {
            if try Self.endsWithChunks(head) {
                requiresConnectionClose = hasLength
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

    /// Whether a body with `Transfer-Encoding` ends with its chunks (RFC 9112 §6.3): it does when
    /// `chunked` is the last coding, else it ends when the server closes the connection (a `Content-Length` beside it
    /// does not count). This transport removes the chunked framing and nothing else: another
    /// coding (`gzip`, or one it has never heard of) stays on the body, which comes up as sent,
    /// with the `Transfer-Encoding` field saying so, as a body in an unknown content coding does.
    ///
    /// Reading such a body is safe where it would not be on a request or a shared connection:
    /// smuggling needs two parsers to disagree on where a message ends with more bytes after it on
    /// the same connection, and this connection ends with the body and is never used again.
    /// `chunked` named twice (RFC 9112 §6.1 forbids it) or a field naming no coding frames nothing
    /// certain, and is refused.
    private static func endsWithChunks(_ head: HTTPResponseHead) throws(HTTPParseError) -> Bool {
        var codings = 0
        var chunkedCount = 0
        var isLastChunked = false
        head.forEachElement(of: "Transfer-Encoding") { coding in
            guard !coding.isEmpty else { return }
            codings += 1
            isLastChunked = coding.caseInsensitiveEquals("chunked")
            if isLastChunked { chunkedCount += 1 }
        }
        guard codings > 0, chunkedCount <= 1 else {
            throw .unsupportedTransferCoding(head.values(of: "Transfer-Encoding").joined(separator: ", "))
        }
        return isLastChunked
    }

    /// One length from every `Content-Length` value: each a list of equal decimal numbers.
    static func contentLength(of head: HTTPResponseHead) throws(HTTPParseError) -> Int64 {
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
