import Foundation
import Testing

@testable import Courier
@testable import CourierHTTP1

/// What a whole input parses to: the head, the body, the trailers, whether it completed.
struct NativeParsedResponse: Equatable {
    var head: HTTPResponseHead?
    var body: [UInt8] = []
    var trailers: [HeaderField]?
    var requiresClose = false
    var leftover = 0

    /// Parses `bytes` fed in `pieces` (split points), then ends the stream when `atEOF`.
    static func parse(
        _ bytes: [UInt8], splitAt pieces: [Int] = [], isHEAD: Bool = false, atEOF: Bool = true,
        limits: HTTPResponseParser.Limits = .init()
    ) throws(HTTPParseError) -> NativeParsedResponse {
        var parser = HTTPResponseParser(isResponseToHEAD: isHEAD, limits: limits)
        var result = NativeParsedResponse()
        var start = 0
        for cut in (pieces.filter { $0 > 0 && $0 < bytes.count }.sorted() + [bytes.count]) where cut >= start {
            parser.append(contentsOf: bytes[start..<cut])
            start = cut
            while let event = try parser.next() { result.take(event) }
            if parser.isDone { break }
        }
        if atEOF, !parser.isDone, let event = try parser.finish() { result.take(event) }
        result.requiresClose = parser.requiresConnectionClose
        result.leftover = parser.unconsumedByteCount
        return result
    }

    private mutating func take(_ event: HTTPResponseParser.Event) {
        switch event {
        case .head(let head): self.head = head
        case .body(let piece): body += piece
        case .end(let trailers): self.trailers = trailers
        }
    }

    var bodyText: String { String(decoding: body, as: UTF8.self) }
    var isComplete: Bool { trailers != nil }
}

private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

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

    @Test("Transfer-Encoding wins over Content-Length, and the connection must close")
    func transferEncodingAndLength() throws {
        let raw = bytes(
            "HTTP/1.1 200 OK\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\n0\r\n\r\n")
        let parsed = try NativeParsedResponse.parse(raw, atEOF: false)
        #expect(parsed.bodyText == "ok")
        #expect(parsed.requiresClose)
    }

    @Test("a transfer coding that does not end with chunked is an error (its bytes would still be encoded)")
    func unknownTransferCoding() {
        #expect(throws: HTTPParseError.unsupportedTransferCoding("gzip")) {
            try NativeParsedResponse.parse(bytes("HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\nabc"))
        }
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

    @Test("bytes after a complete response are left unconsumed")
    func leftover() throws {
        let parsed = try NativeParsedResponse.parse(
            bytes("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nokEXTRA"), atEOF: false)
        #expect(parsed.bodyText == "ok")
        #expect(parsed.leftover == 5)
    }

    @Test("leading empty lines before the status line are ignored")
    func leadingEmptyLines() throws {
        let parsed = try NativeParsedResponse.parse(
            bytes("\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n"), atEOF: false)
        #expect(parsed.head?.status == 200)
    }

    @Test("every split of the input gives the same result")
    func everySplit() throws {
        let raw = bytes(
            "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nX-A: 1\r\n\r\n"
                + "3;x=y\r\nabc\r\n10\r\n0123456789abcdef\r\n0\r\nT: v\r\n\r\n")
        let whole = try NativeParsedResponse.parse(raw, atEOF: false)
        #expect(whole.bodyText == "abc0123456789abcdef")
        for cut in 1..<raw.count {
            #expect(try NativeParsedResponse.parse(raw, splitAt: [cut], atEOF: false) == whole, "split at \(cut)")
        }
        #expect(try NativeParsedResponse.parse(raw, splitAt: Array(1..<raw.count), atEOF: false) == whole)
    }

    @Test("a large body in small pieces is parsed in linear time")
    func largeBody() throws {
        let size = 4 * 1024 * 1024
        var parser = HTTPResponseParser(isResponseToHEAD: false)
        parser.append(contentsOf: bytes("HTTP/1.1 200 OK\r\nContent-Length: \(size)\r\n\r\n"))
        var received = 0
        var ended = false
        let piece = [UInt8](repeating: 7, count: 1000)
        while received < size {
            parser.append(contentsOf: piece.prefix(size - received))
            while let event = try parser.next() {
                if case .body(let bytes) = event { received += bytes.count }
                if case .end = event { ended = true }
            }
        }
        #expect(received == size)
        #expect(ended)
        #expect(parser.isDone)
    }
}
