import Foundation
import Testing

@testable import Courier
@testable import CourierHTTP1

/// Size limits on heads, headers, trailers and chunk lines, and invalid or truncated bodies.
extension NativeResponseParserTests {
    @Test("a head larger than the limit is an error, complete or not")
    func headerTooLarge() {
        let limits = HTTPResponseParser.Limits(maximumHeaderBytes: 1024)
        let big = "HTTP/1.1 200 OK\r\nX-Big: \(String(repeating: "a", count: 2000))\r\n\r\n"
        #expect(throws: HTTPParseError.headerTooLarge(limit: 1024)) {
            try NativeParsedResponse.parse(bytes(big), limits: limits)
        }
        let endless = "HTTP/1.1 200 OK\r\nX-Big: \(String(repeating: "a", count: 2000))"
        #expect(throws: HTTPParseError.headerTooLarge(limit: 1024)) {
            try NativeParsedResponse.parse(bytes(endless), atEOF: false, limits: limits)
        }
    }

    @Test("more headers than the limit is an error")
    func tooManyHeaders() {
        let fields = (0..<10).map { "X-\($0): v\r\n" }.joined()
        #expect(throws: HTTPParseError.tooManyHeaders(limit: 5)) {
            try NativeParsedResponse.parse(
                bytes("HTTP/1.1 200 OK\r\n\(fields)\r\n"), limits: .init(maximumHeaderCount: 5))
        }
    }

    @Test("trailers obey the same limits")
    func trailerLimits() {
        let trailers = (0..<10).map { "T-\($0): v\r\n" }.joined()
        #expect(throws: HTTPParseError.tooManyHeaders(limit: 5)) {
            try NativeParsedResponse.parse(
                bytes("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\(trailers)\r\n"),
                limits: .init(maximumHeaderCount: 5))
        }
    }

    @Test(
        "malformed chunks are errors",
        arguments: [
            "zz\r\n", "\r\n", "5\r\nhelloXX", "1234567890ABCDEF0\r\n", "5 x\r\nhello\r\n", "-5\r\n",
        ])
    func invalidChunk(body: String) {
        #expect(throws: HTTPParseError.invalidChunk) {
            try NativeParsedResponse.parse(bytes("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n\(body)"))
        }
    }

    @Test("a chunk-size line longer than the limit is an error")
    func chunkLineTooLong() {
        let raw = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5;\(String(repeating: "e", count: 5000))"
        #expect(throws: HTTPParseError.invalidChunk) { try NativeParsedResponse.parse(bytes(raw), atEOF: false) }
    }

    @Test(
        "a response cut short is an unexpected end of stream",
        arguments: [
            "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc", "HTTP/1.1 200 OK\r\nContent-Le",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab", "",
        ])
    func truncated(raw: String) {
        #expect(throws: HTTPParseError.unexpectedEndOfStream) { try NativeParsedResponse.parse(bytes(raw)) }
    }
}
