import Foundation

/// Turns a `text/event-stream` body into events as it arrives, by the WHATWG EventSource
/// parsing rules (HTML Living Standard, "Server-sent events", "Interpreting an event stream"):
///
/// - one leading UTF-8 byte order mark is dropped; lines end at CR, LF or CRLF;
/// - a line starting with `:` is a comment; a line without `:` is a field with an empty value;
///   one space after the colon is dropped from the value;
/// - `data` lines are joined with `"\n"`; `event` sets the type (`"message"` when none);
///   `id` sets the last event ID unless its value contains NUL or is longer than
///   ``maximumEventIDLength`` bytes (it goes back to the server as `Last-Event-ID`); `retry` sets the reconnection time
///   when its value is ASCII digits only, and is ignored otherwise; other fields are ignored;
/// - a blank line dispatches the event, unless it has no data (then type and data are dropped);
/// - an event the body ends before its blank line is never dispatched.
///
/// A value with an invalid UTF-8 sequence reads with U+FFFD in its place, as a browser's does.
package struct EventStreamParser: Sendable {
    /// The longest `id` accepted, in UTF-8 bytes: a longer one is ignored, as one with NUL is, so
    /// that a server cannot make a reconnection send back a header of its choosing size.
    package static let maximumEventIDLength = 1024
    /// The largest data an event may gather, in bytes.
    package let maximumEventSize: Int
    /// The last event ID: what the latest dispatch (or blank line) took from the `id` fields.
    package private(set) var lastEventID = ""
    /// The reconnection time the stream asked for with `retry`, in milliseconds, if it did.
    package private(set) var reconnectionTime: Int?

    private var lines: LineSplitter
    private var atStart = true
    private var data = Data()
    private var eventType = ""
    private var idBuffer = ""

    /// A parser that accepts lines up to `maximumLineLength` bytes and events whose data takes up
    /// to `maximumEventSize` bytes.
    package init(maximumLineLength: Int, maximumEventSize: Int) {
        lines = LineSplitter(maximumLineLength: maximumLineLength)
        self.maximumEventSize = maximumEventSize
    }

    /// Starts from the last event ID of an earlier connection of the same stream: the ID belongs
    /// to the event source, so an event after a reconnection that names none carries it on.
    package mutating func resume(lastEventID: String) {
        self.lastEventID = lastEventID
        idBuffer = lastEventID
    }

    /// The events `chunk` completes, in order.
    package mutating func parse(_ chunk: Data) throws(StreamError) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for line in try lines.split(chunk) {
            if let event = try process(line) { events.append(event) }
        }
        return events
    }

    /// The end of the body: an event not ended by a blank line is discarded, as the rules say.
    package mutating func finish() {
        _ = lines.finish()
        data = Data()
        eventType = ""
    }

    /// Applies one line, without its line end; returns the event a blank line dispatches.
    package mutating func process(_ line: Data) throws(StreamError) -> ServerSentEvent? {
        var line = line[...]
        if atStart {
            atStart = false
            if line.starts(with: Self.byteOrderMark) { line = line.dropFirst(Self.byteOrderMark.count) }
        }
        guard let first = line.first else { return dispatch() }
        if first == Self.colon { return nil }
        let name: Data.SubSequence
        var value: Data.SubSequence
        if let colon = line.firstIndex(of: Self.colon) {
            name = line[line.startIndex..<colon]
            value = line[line.index(after: colon)...]
            if value.first == Self.space { value = value.dropFirst() }
        } else {
            name = line
            value = line[line.endIndex...]
        }
        switch String(decoding: name, as: UTF8.self) {
        case "data":
            guard data.count + value.count <= maximumEventSize else { throw .eventTooLarge(limit: maximumEventSize) }
            data.append(contentsOf: value)
            data.append(Self.lf)
        case "event":
            eventType = String(decoding: value, as: UTF8.self)
        case "id":
            if !value.contains(0), value.count <= Self.maximumEventIDLength {
                idBuffer = String(decoding: value, as: UTF8.self)
            }
        case "retry":
            if !value.isEmpty, value.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                let milliseconds = Int(String(decoding: value, as: UTF8.self))
            {
                reconnectionTime = milliseconds
            }
        default:
            break
        }
        return nil
    }

    private mutating func dispatch() -> ServerSentEvent? {
        lastEventID = idBuffer
        defer {
            data = Data()
            eventType = ""
        }
        guard !data.isEmpty else { return nil }
        let text = String(decoding: data.dropLast(), as: UTF8.self)
        return ServerSentEvent(event: eventType.isEmpty ? "message" : eventType, data: text, id: lastEventID)
    }

    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
    private static let colon = UInt8(ascii: ":")
    private static let space = UInt8(ascii: " ")
    private static let lf = UInt8(ascii: "\n")
}
