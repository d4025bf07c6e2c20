import Foundation
import Testing

@testable import Courier
@testable import CourierHTTP1

/// Transfer codings the transport cannot decode, and header bytes that are not UTF-8.
@Suite("Native response parser: codings and header text")
struct NativeResponseParserCodingTests {
    @Test(
        "a transfer coding other than one final chunked is an error, not an encoded body",
        arguments: ["gzip, chunked", "gzip", "chunked, gzip", "deflate,chunked", "chunked, chunked", "x-custom"])
    func undecodableTransferCoding(codings: String) {
        let raw = bytes(
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: \(codings)\r\n\r\n3\r\nabc\r\n0\r\n\r\n")
        #expect(throws: HTTPParseError.unsupportedTransferCoding(codings)) {
            try NativeParsedResponse.parse(raw)
        }
    }

    @Test("codings split over two Transfer-Encoding lines are checked together")
    func splitTransferCoding() {
        let raw = bytes(
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n")
        #expect(throws: HTTPParseError.unsupportedTransferCoding("gzip, chunked")) {
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
