import Foundation
import Testing

@testable import Courier

/// The WHATWG EventSource parsing rules, each checked under every chunking of its input.
@Suite struct StreamingEventParserTests {
    /// Parses `text` in every chunking and checks each gives `expected`; returns the parser of the
    /// last run, for its last event ID and reconnection time.
    @discardableResult
    private func expectEvents(
        _ text: String, _ expected: [ServerSentEvent], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> EventStreamParser {
        try expectEvents(Array(text.utf8), expected, sourceLocation: sourceLocation)
    }

    @discardableResult
    private func expectEvents(
        _ bytes: [UInt8], _ expected: [ServerSentEvent], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> EventStreamParser {
        var last = EventStreamParser(maximumLineLength: 1024, maximumEventSize: 1024)
        for chunks in Chunkings.all(bytes) {
            var parser = EventStreamParser(maximumLineLength: 1024, maximumEventSize: 1024)
            var events: [ServerSentEvent] = []
            for chunk in chunks { events += try parser.parse(chunk) }
            parser.finish()
            #expect(events == expected, "chunks \(chunks.map { Array($0) })", sourceLocation: sourceLocation)
            if events != expected { break }
            last = parser
        }
        return last
    }

    @Test func dataLinesAreJoinedWithNewlines() throws {
        try expectEvents("data: one\ndata: two\n\n", [ServerSentEvent(data: "one\ntwo")])
    }

    @Test func oneSpaceAfterTheColonIsDropped() throws {
        try expectEvents("data:  two spaces\ndata:none\n\n", [ServerSentEvent(data: " two spaces\nnone")])
    }

    @Test func crLfAndCrLfEndLinesAlike() throws {
        try expectEvents("data: a\r\ndata: b\rdata: c\n\r\n", [ServerSentEvent(data: "a\nb\nc")])
        try expectEvents("data: x\r\rdata: y\n\n", [ServerSentEvent(data: "x"), ServerSentEvent(data: "y")])
    }

    @Test func aCrLfCutBetweenChunksIsOneLineEnd() throws {
        var parser = EventStreamParser(maximumLineLength: 64, maximumEventSize: 64)
        #expect(try parser.parse(Data("data: a\r".utf8)).isEmpty)
        // The LF completes the CR's line end; only the next CR is the blank line.
        #expect(try parser.parse(Data("\n".utf8)).isEmpty)
        #expect(try parser.parse(Data("\r".utf8)) == [ServerSentEvent(data: "a")])
        #expect(try parser.parse(Data("\n".utf8)).isEmpty)
    }

    @Test func aLeadingByteOrderMarkIsDroppedOnce() throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        try expectEvents(bom + Array("data: a\n\n".utf8), [ServerSentEvent(data: "a")])
        // A second mark is part of the field name, which then is no known field.
        try expectEvents(bom + bom + Array("data: a\n\ndata: b\n\n".utf8), [ServerSentEvent(data: "b")])
    }

    @Test func commentsAreIgnored() throws {
        try expectEvents(": keep-alive\ndata: a\n:another\n\n", [ServerSentEvent(data: "a")])
    }

    @Test func aFieldWithoutColonHasAnEmptyValue() throws {
        try expectEvents("data\ndata\ndata: x\n\n", [ServerSentEvent(data: "\n\nx")])
        try expectEvents("data\n\n", [ServerSentEvent(data: "")])
    }

    @Test func eventSetsTheTypeForOneEvent() throws {
        try expectEvents(
            "event: gift\ndata: rose\n\ndata: hi\n\n",
            [ServerSentEvent(event: "gift", data: "rose"), ServerSentEvent(data: "hi")])
    }

    @Test func anEventWithoutDataIsNotDispatchedAndDropsItsType() throws {
        try expectEvents("event: ping\n\ndata: a\n\n", [ServerSentEvent(data: "a")])
    }

    @Test func idIsTheLastEventIDOfLaterEventsToo() throws {
        let parser = try expectEvents(
            "id: 7\ndata: a\n\ndata: b\n\nid\ndata: c\n\n",
            [
                ServerSentEvent(data: "a", id: "7"), ServerSentEvent(data: "b", id: "7"),
                ServerSentEvent(data: "c", id: ""),
            ])
        #expect(parser.lastEventID == "")
    }

    @Test func anIDWithNulIsIgnored() throws {
        let parser = try expectEvents(
            Array("id: 1\ndata: a\n\nid: 2".utf8) + [0] + Array("x\ndata: b\n\n".utf8),
            [ServerSentEvent(data: "a", id: "1"), ServerSentEvent(data: "b", id: "1")])
        #expect(parser.lastEventID == "1")
    }

    @Test func retryTakesOnlyAsciiDigits() throws {
        #expect(try expectEvents("retry: 2500\n\n", []).reconnectionTime == 2500)
        #expect(try expectEvents("retry: 25x\n\n", []).reconnectionTime == nil)
        #expect(try expectEvents("retry: -1\nretry:\nretry: 1.5\n\n", []).reconnectionTime == nil)
        #expect(try expectEvents("retry: 100\nretry: soon\n\n", []).reconnectionTime == 100)
    }

    @Test func anIdLongerThanTheBoundIsIgnored() throws {
        var parser = EventStreamParser(maximumLineLength: 8192, maximumEventSize: 8192)
        let longest = String(repeating: "i", count: EventStreamParser.maximumEventIDLength)
        let events = try parser.parse(Data("id: \(longest)\ndata: a\n\nid: \(longest)x\ndata: b\n\n".utf8))
        // Sent back as `Last-Event-ID` on a reconnection: a server may not make that header huge.
        #expect(events == [ServerSentEvent(data: "a", id: longest), ServerSentEvent(data: "b", id: longest)])
        #expect(parser.lastEventID == longest)
    }

    @Test func unknownFieldsAreIgnored() throws {
        try expectEvents("foo: bar\ndata: a\nDATA: b\n\n", [ServerSentEvent(data: "a")])
    }

    @Test func aFinalEventWithoutBlankLineIsDiscarded() throws {
        try expectEvents("data: a\n\ndata: b\n", [ServerSentEvent(data: "a")])
        try expectEvents("data: a\n\ndata: b", [ServerSentEvent(data: "a")])
    }

    @Test func invalidUTF8ReadsAsReplacementCharacters() throws {
        try expectEvents(Array("data: a".utf8) + [0xFF] + Array("\n\n".utf8), [ServerSentEvent(data: "a\u{FFFD}")])
    }

    @Test func aMixedRealisticStream() throws {
        let text =
            ": hello\r\nretry: 1000\nid: 1\r\nevent: comment\ndata: {\"text\":\"hi\"}\r\n\r\n"
            + "data: line one\rdata: line two\n\n"
        let parser = try expectEvents(
            text,
            [
                ServerSentEvent(event: "comment", data: "{\"text\":\"hi\"}", id: "1"),
                ServerSentEvent(data: "line one\nline two", id: "1"),
            ])
        #expect(parser.reconnectionTime == 1000)
    }

    @Test func aResumedParserCarriesTheLastEventIDUntilAnIdFieldChangesIt() throws {
        var parser = EventStreamParser(maximumLineLength: 1024, maximumEventSize: 1024)
        parser.resume(lastEventID: "7")
        let events = try parser.parse(Data("data: a\n\nid\ndata: b\n\n".utf8))
        #expect(events == [ServerSentEvent(data: "a", id: "7"), ServerSentEvent(data: "b", id: "")])
    }

    @Test func aLineOverTheLimitIsATypedError() {
        var parser = EventStreamParser(maximumLineLength: 8, maximumEventSize: 1024)
        #expect(throws: StreamError.lineTooLong(limit: 8)) {
            _ = try parser.parse(Data("data: 1234".utf8))
        }
        var split = EventStreamParser(maximumLineLength: 8, maximumEventSize: 1024)
        #expect(throws: StreamError.lineTooLong(limit: 8)) {
            for byte in "data: 12345\n".utf8 { _ = try split.parse(Data([byte])) }
        }
    }

    @Test func anEventOverTheLimitIsATypedError() {
        var parser = EventStreamParser(maximumLineLength: 64, maximumEventSize: 10)
        #expect(throws: StreamError.eventTooLarge(limit: 10)) {
            _ = try parser.parse(Data("data: 123456\ndata: 123456\n".utf8))
        }
    }
}
