import Foundation
import Testing

@testable import Courier
@testable import CourierHTTP1

/// Transfer codings: only the chunked framing is removed (RFC 9112 §6.3), and header bytes that are not UTF-8.
@Suite("Native response parser: codings and header text")
struct NativeResponseParserCodingTests {
    /// The response ends with its chunks; a coding before `chunked` stays on the body, and the
    /// head keeps the field that names it. The connection may be used again.
    @Test(
        "codings before a final chunked stay on the de-chunked body",
        arguments: ["gzip, chunked", "deflate,chunked", "x-custom, Chunked"])
    func codingsBeforeChunked(codings: String) throws {
        let raw = bytes("HTTP/1.1 200 OK\r\nTransfer-Encoding: \(codings)\r\n\r\n3\r\nabc\r\n0\r\n\r\n")
        let parsed = try NativeParsedResponse.parse(raw, atEOF: false)
        #expect(parsed.bodyText == "abc" && parsed.isComplete && !parsed.requiresClose)
        #expect(parsed.head?.values(of: "Transfer-Encoding") == [codings])
    }

    /// RFC 9112 §6.3: a last coding other than `chunked` is read until the server closes the
    /// connection, whatever the bytes look like, and the connection is not used again.
    @Test(
        "a last coding other than chunked is read to the close, as sent",
        arguments: ["gzip", "chunked, gzip", "x-custom", "identity"])
    func lastCodingNotChunked(codings: String) throws {
        let raw = bytes("HTTP/1.1 200 OK\r\nTransfer-Encoding: \(codings)\r\n\r\n3\r\nabc\r\n0\r\n\r\n")
        let open = try NativeParsedResponse.parse(raw, atEOF: false)
        #expect(!open.isComplete && open.requiresClose)
        let closed = try NativeParsedResponse.parse(raw)
        #expect(closed.bodyText == "3\r\nabc\r\n0\r\n\r\n" && closed.isComplete && closed.requiresClose)
    }

    @Test("codings split over two Transfer-Encoding lines are read together")
    func splitTransferCoding() throws {
        let chunked = bytes(
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n")
        #expect(try NativeParsedResponse.parse(chunked, atEOF: false).bodyText == "abc")
        let untilClose = bytes("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: gzip\r\n\r\nabc")
        #expect(try NativeParsedResponse.parse(untilClose).bodyText == "abc")
    }

    /// RFC 9112 §6.1: `chunked` is never applied twice, and a field naming no coding frames nothing.
    @Test(
        "chunked twice, or no coding at all, is an error",
        arguments: ["chunked, chunked", "chunked, gzip, chunked", ",", " , "])
    func unframedTransferCoding(codings: String) {
        let raw = bytes("HTTP/1.1 200 OK\r\nTransfer-Encoding: \(codings)\r\n\r\n3\r\nabc\r\n0\r\n\r\n")
        let sent = codings.trimmingCharacters(in: .whitespaces)
        #expect(throws: HTTPParseError.unsupportedTransferCoding(sent)) {
            try NativeParsedResponse.parse(raw)
        }
    }

    @Test("chunked in any case, alone, is read", arguments: ["chunked", "Chunked", " CHUNKED "])
    func chunkedAlone(coding: String) throws {
        let raw = bytes("HTTP/1.1 200 OK\r\nTransfer-Encoding: \(coding)\r\n\r\n3\r\nabc\r\n0\r\n\r\n")
        #expect(try NativeParsedResponse.parse(raw, atEOF: false).bodyText == "abc")
    }

    @Test("a response without a body may name any transfer coding", arguments: [204, 304])
    func codingWithoutBody(status: Int) throws {
        let raw = bytes("HTTP/1.1 \(status) X\r\nTransfer-Encoding: gzip, chunked\r\n\r\n")
        #expect(try NativeParsedResponse.parse(raw, atEOF: false).head?.status == status)
    }

    @Test("a HEAD response may name any transfer coding")
    func codingOfHEAD() throws {
        let raw = bytes("HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n")
        #expect(try NativeParsedResponse.parse(raw, isHEAD: true, atEOF: false).head?.status == 200)
    }

    @Test("valid UTF-8 in a header value stays UTF-8")
    func utf8Value() throws {
        let raw = bytes("HTTP/1.1 200 OK\r\nX-Name: café ☕\r\nContent-Length: 0\r\n\r\n")
        let head = try #require(try NativeParsedResponse.parse(raw, atEOF: false).head)
        #expect(head.values(of: "X-Name") == ["café ☕"])
    }

    @Test("bytes that are not UTF-8 are read as ISO-8859-1, losing nothing")
    func latin1Value() throws {
        // "café" in ISO-8859-1: é is the single byte 0xE9, which is not UTF-8.
        var raw = bytes("HTTP/1.1 200 Caf")
        raw += [0xE9] + bytes("\r\nX-Name: caf") + [0xE9, 0xFF] + bytes("\r\nContent-Length: 0\r\n\r\n")
        let head = try #require(try NativeParsedResponse.parse(raw, atEOF: false).head)
        #expect(head.values(of: "X-Name") == ["caf\u{E9}\u{FF}"])
        #expect(!head.values(of: "X-Name")[0].contains("\u{FFFD}"))
        #expect(head.reason == "Caf\u{E9}")
        #expect(head.values(of: "X-Name")[0].unicodeScalars.map(\.value) == [0x63, 0x61, 0x66, 0xE9, 0xFF])
    }

    @Test("a folded value that is not UTF-8 is read as ISO-8859-1 too")
    func latin1Fold() throws {
        let raw = bytes("HTTP/1.1 200 OK\r\nX-Name: a\r\n b") + [0xE9] + bytes("\r\nContent-Length: 0\r\n\r\n")
        let head = try #require(try NativeParsedResponse.parse(raw, atEOF: false).head)
        #expect(head.values(of: "X-Name") == ["a b\u{E9}"])
    }

    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
}
