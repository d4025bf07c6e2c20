import Foundation
import Testing

@testable import Courier
@testable import CourierHTTP1

/// Transfer-Encoding and Content-Length: which wins, unknown codings, repeated, invalid and conflicting lengths.
extension NativeResponseParserTests {
    @Test("Transfer-Encoding wins over Content-Length, and the connection must close")
    func transferEncodingAndLength() throws {
        let raw = bytes(
            "HTTP/1.1 200 OK\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\n0\r\n\r\n")
        let parsed = try NativeParsedResponse.parse(raw, atEOF: false)
        #expect(parsed.bodyText == "ok")
        #expect(parsed.requiresClose)
    }

    @Test("a transfer coding that does not end with chunked is read to the close, a Content-Length beside it ignored")
    func unknownTransferCoding() throws {
        let parsed = try NativeParsedResponse.parse(
            bytes("HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\nContent-Length: 1\r\n\r\nabc"))
        #expect(parsed.bodyText == "abc" && parsed.isComplete && parsed.requiresClose)
    }

    @Test("repeated equal Content-Length values are one length")
    func repeatedContentLength() throws {
        let parsed = try NativeParsedResponse.parse(
            bytes("HTTP/1.1 200 OK\r\nContent-Length: 2, 2\r\nContent-Length: 2\r\n\r\nok"), atEOF: false)
        #expect(parsed.bodyText == "ok")
    }

    @Test(
        "invalid Content-Length values are errors",
        arguments: ["abc", "-1", "1, 2", "", "1 2", "+5", "99999999999999999999"])
    func invalidContentLength(value: String) {
        #expect(throws: HTTPParseError.invalidContentLength) {
            try NativeParsedResponse.parse(
                bytes("HTTP/1.1 200 OK\r\nContent-Length: \(value)\r\n\r\n"), atEOF: false)
        }
    }

    @Test("conflicting Content-Length headers are an error")
    func conflictingContentLength() {
        #expect(throws: HTTPParseError.invalidContentLength) {
            try NativeParsedResponse.parse(
                bytes("HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab"))
        }
    }
}
