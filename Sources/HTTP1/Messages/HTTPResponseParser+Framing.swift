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
            try Self.requireChunkedAlone(head)
            requiresConnectionClose = hasLength
            framing = .chunked
            state = .chunkSize
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

    /// Checks that the body's transfer codings are `chunked` alone, the only one this transport
    /// decodes. RFC 9112 §6.3 would read a body whose last coding is not `chunked` until the
    /// connection closes, but its bytes would still be in that coding (gzip, say), and a body
    /// chunked twice or compressed under the chunks is as unusable: each is refused rather than
    /// handed to the app as if it were the plain body.
    private static func requireChunkedAlone(_ head: HTTPResponseHead) throws(HTTPParseError) {
        var codings = 0
        var isChunked = false
        head.forEachElement(of: "Transfer-Encoding") { coding in
            guard !coding.isEmpty else { return }
            codings += 1
            isChunked = coding.caseInsensitiveEquals("chunked")
        }
        guard codings == 1, isChunked else {
            throw .unsupportedTransferCoding(head.values(of: "Transfer-Encoding").joined(separator: ", "))
        }
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
