import Foundation
import Testing

@testable import Courier
@testable import CourierHTTP1

/// Input in pieces: bytes after a response, leading empty lines, every split point and a large body.
extension NativeResponseParserTests {
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
