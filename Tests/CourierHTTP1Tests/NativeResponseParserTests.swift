import Foundation
import Testing

@testable import Courier
@testable import CourierHTTP1

@Suite("Native HTTP/1.1 response parser")
struct NativeResponseParserTests {
    @Test("a Content-Length body, its head and headers")
    func contentLength() throws {
        let parsed = try NativeParsedResponse.parse(
            bytes("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 7\r\n\r\n{\"a\":1}"))
        let head = try #require(parsed.head)
        #expect(head.status == 200)
        #expect(head.reason == "OK")
        #expect(head.minorVersion == 1)
        #expect(head.values(of: "content-type") == ["application/json"])
        #expect(parsed.bodyText == "{\"a\":1}")
        #expect(parsed.isComplete)
        #expect(!parsed.requiresClose)
        #expect(head.keepsConnectionAlive)
    }

    @Test("a chunked body with extensions and trailers")
    func chunked() throws {
        let raw = bytes(
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "5;name=value;other\r\nhello\r\n6 ; ext=\"quoted\"\r\n world\r\n"
                + "0\r\nX-Checksum: abc\r\nX-More: 1\r\n\r\n"
        )
        let parsed = try NativeParsedResponse.parse(raw, atEOF: false)
        #expect(parsed.bodyText == "hello world")
        #expect(
            parsed.trailers == [
                HeaderField(name: "X-Checksum", value: "abc"), HeaderField(name: "X-More", value: "1"),
            ])
        #expect(parsed.leftover == 0)
    }

    @Test("upper-case hexadecimal chunk sizes")
    func hexadecimalChunkSizes() throws {
        let body = String(repeating: "x", count: 0x1A)
        let parsed = try NativeParsedResponse.parse(
            bytes("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1A\r\n\(body)\r\n0\r\n\r\n"), atEOF: false)
        #expect(parsed.bodyText == body)
    }

    @Test("a body that ends when the connection closes")
    func closeDelimited() throws {
        let raw = bytes("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nall of this until close")
        let parsed = try NativeParsedResponse.parse(raw)
        #expect(parsed.bodyText == "all of this until close")
        #expect(parsed.isComplete)
        #expect(parsed.requiresClose)
        let open = try NativeParsedResponse.parse(raw, atEOF: false)
        #expect(!open.isComplete)
    }

    @Test(
        "no body for HEAD, 204 and 304, whatever Content-Length says",
        arguments: [
            ("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n", true),
            ("HTTP/1.1 204 No Content\r\nContent-Length: 100\r\n\r\n", false),
            ("HTTP/1.1 304 Not Modified\r\nContent-Length: 100\r\n\r\n", false),
        ])
    func noBody(head: String, isHEAD: Bool) throws {
        let parsed = try NativeParsedResponse.parse(bytes(head), isHEAD: isHEAD, atEOF: false)
        #expect(parsed.isComplete)
        #expect(parsed.body.isEmpty)
    }

    @Test("interim 1xx responses are skipped")
    func informational() throws {
        let raw = bytes(
            "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\n"
                + "HTTP/1.1 201 Created\r\nContent-Length: 2\r\n\r\nok")
        let parsed = try NativeParsedResponse.parse(raw, atEOF: false)
        #expect(parsed.head?.status == 201)
        #expect(parsed.bodyText == "ok")
    }

    @Test("too many interim responses are an error")
    func tooManyInformational() {
        let raw = bytes(String(repeating: "HTTP/1.1 100 Continue\r\n\r\n", count: 20))
        #expect(throws: HTTPParseError.tooManyInformationalResponses(limit: 16)) {
            try NativeParsedResponse.parse(raw, atEOF: false)
        }
    }

    @Test("a 101 has no body and ends the connection's HTTP use")
    func switchingProtocols() throws {
        let parsed = try NativeParsedResponse.parse(
            bytes("HTTP/1.1 101 Switching Protocols\r\nUpgrade: x\r\n\r\n"), atEOF: false)
        #expect(parsed.head?.status == 101)
        #expect(parsed.requiresClose)
    }
}
