import Foundation
import Testing

@testable import Courier
@testable import CourierHTTP1

/// Status lines and header lines: line endings, folding, variants, joined headers and invalid bytes.
extension NativeResponseParserTests {
    @Test("bare LF line endings are accepted")
    func bareLineFeeds() throws {
        let parsed = try NativeParsedResponse.parse(
            bytes("HTTP/1.1 200 OK\nTransfer-Encoding: chunked\n\n2\nok\n0\n\n"), atEOF: false)
        #expect(parsed.bodyText == "ok")
        #expect(parsed.isComplete)
    }

    @Test("an obs-fold continues the previous value")
    func obsoleteFolding() throws {
        let parsed = try NativeParsedResponse.parse(
            bytes("HTTP/1.1 200 OK\r\nX-Long: first\r\n  second\r\n\tthird\r\nContent-Length: 0\r\n\r\n"),
            atEOF: false)
        #expect(parsed.head?.values(of: "X-Long") == ["first second third"])
    }

    @Test("empty values, missing reasons, HTTP/1.0 and Connection tokens")
    func headVariants() throws {
        let parsed = try NativeParsedResponse.parse(
            bytes("HTTP/1.0 200\r\nX-Empty:\r\nConnection: Keep-Alive\r\nContent-Length: 0\r\n\r\n"), atEOF: false)
        let head = try #require(parsed.head)
        #expect(head.reason.isEmpty)
        #expect(head.values(of: "X-Empty") == [""])
        #expect(head.keepsConnectionAlive)
        let closing = try #require(
            try NativeParsedResponse.parse(
                bytes("HTTP/1.1 200 OK\r\nConnection: foo, close\r\nContent-Length: 0\r\n\r\n")
            )
            .head)
        #expect(!closing.keepsConnectionAlive)
        let old = try #require(
            try NativeParsedResponse.parse(bytes("HTTP/1.0 200 OK\r\nContent-Length: 0\r\n\r\n")).head)
        #expect(!old.keepsConnectionAlive)
    }

    @Test("repeated headers are joined for HTTPURLResponse")
    func headerDictionary() throws {
        let head = try #require(
            try NativeParsedResponse.parse(
                bytes("HTTP/1.1 200 OK\r\nVary: a\r\nVary: b\r\nContent-Length: 0\r\n\r\n")
            )
            .head)
        #expect(ResponseHead.dictionary(of: head.headers)["Vary"] == "a, b")
    }

    @Test(
        "malformed status lines are errors",
        arguments: [
            "HTTP/2 200 OK\r\n\r\n", "HTTP/1.1 20 OK\r\n\r\n", "HTTP/1.1 abc OK\r\n\r\n",
            "HTTP/1.1  200 OK\r\n\r\n",
            "HTTP/1.1 200OK\r\n\r\n", "HTTP/1.x 200 OK\r\n\r\n", "SSH-2.0-OpenSSH\r\n\r\n",
            "HTTP/1.1 099 Low\r\n\r\n",
        ])
    func invalidStatusLine(raw: String) {
        #expect(throws: HTTPParseError.invalidStatusLine) { try NativeParsedResponse.parse(bytes(raw)) }
    }

    @Test("bytes that cannot start a response fail before a whole head arrives")
    func earlyGarbage() {
        var parser = HTTPResponseParser(isResponseToHEAD: false)
        parser.append(contentsOf: bytes("<html>"))
        #expect(throws: HTTPParseError.invalidStatusLine) { try parser.next() }
    }

    @Test(
        "malformed header lines are errors",
        arguments: [
            "NoColon\r\n", "Bad Name: x\r\n", "Space : x\r\n", ": no name\r\n", "Näme: x\r\n",
            " leading-fold: x\r\n",
        ])
    func invalidHeaderLine(line: String) {
        #expect(throws: HTTPParseError.invalidHeaderLine) {
            try NativeParsedResponse.parse(bytes("HTTP/1.1 200 OK\r\n\(line)Content-Length: 0\r\n\r\n"))
        }
    }

    @Test("NUL and bare CR in a value are errors")
    func invalidHeaderValue() {
        #expect(throws: HTTPParseError.invalidHeaderValue(name: "X-A")) {
            try NativeParsedResponse.parse(bytes("HTTP/1.1 200 OK\r\nX-A: a\u{0}b\r\n\r\n"))
        }
        #expect(throws: HTTPParseError.invalidHeaderValue(name: "X-B")) {
            try NativeParsedResponse.parse(bytes("HTTP/1.1 200 OK\r\nX-B: a\rb\r\n\r\n"))
        }
    }
}
