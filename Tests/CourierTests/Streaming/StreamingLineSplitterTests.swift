import Foundation
import Testing

@testable import Courier

@Suite struct StreamingLineSplitterTests {
    private func lines(of text: String, limit: Int = 1024) throws -> Set<[String]> {
        var results: Set<[String]> = []
        for chunks in Chunkings.all(Array(text.utf8)) {
            var splitter = LineSplitter(maximumLineLength: limit)
            var lines: [String] = []
            for chunk in chunks { lines += try splitter.split(chunk).map { String(decoding: $0, as: UTF8.self) } }
            if let last = splitter.finish() { lines.append(String(decoding: last, as: UTF8.self)) }
            results.insert(lines)
        }
        return results
    }

    @Test func everyLineEndSplitsTheSameWhateverTheChunking() throws {
        #expect(try lines(of: "a\nb\rc\r\nd") == [["a", "b", "c", "d"]])
        #expect(try lines(of: "\r\n\r\n") == [["", ""]])
        #expect(try lines(of: "\n\r\r\n") == [["", "", ""]])
        #expect(try lines(of: "{\"n\":1}\n{\"n\":2}\n") == [["{\"n\":1}", "{\"n\":2}"]])
    }

    @Test func anEmptyChunkKeepsAPendingCarriageReturn() throws {
        var splitter = LineSplitter(maximumLineLength: 16)
        #expect(try splitter.split(Data("a\r".utf8)) == [Data("a".utf8)])
        #expect(try splitter.split(Data()).isEmpty)
        #expect(try splitter.split(Data("\nb\n".utf8)) == [Data("b".utf8)])
    }

    @Test func aLineAtTheLimitPassesAndOneByteMoreFails() throws {
        var splitter = LineSplitter(maximumLineLength: 4)
        #expect(try splitter.split(Data("abcd\n".utf8)) == [Data("abcd".utf8)])
        #expect(throws: StreamError.lineTooLong(limit: 4)) { _ = try splitter.split(Data("abcde".utf8)) }
        var unended = LineSplitter(maximumLineLength: 4)
        _ = try unended.split(Data("ab".utf8))
        #expect(throws: StreamError.lineTooLong(limit: 4)) { _ = try unended.split(Data("cde".utf8)) }
    }
}
