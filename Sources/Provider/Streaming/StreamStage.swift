import Foundation

/// Turns the pieces of a streamed body into the values an app reads: chunks, lines, events,
/// or models decoded from either. A stage is made for one connection, with its response head.
protocol StreamStage<Output> {
    associatedtype Output
    /// The values `chunk` completes.
    mutating func feed(_ chunk: Data) throws(CourierError) -> [Output]
    /// The values the end of the body completes.
    mutating func finish() throws(CourierError) -> [Output]
    /// For an event stream: the last event ID and the reconnection time (milliseconds) the server
    /// asked for, which a reconnection uses; `nil` for other streams, which never reconnect.
    var resumption: (lastEventID: String, retry: Int?)? { get }
    /// Carries the last event ID of the connection before into this one (event streams only).
    mutating func resume(lastEventID: String)
}

extension StreamStage {
    var resumption: (lastEventID: String, retry: Int?)? { nil }
    mutating func resume(lastEventID: String) {}
}

/// The body's pieces as they arrive.
struct ChunkStage: StreamStage {
    func feed(_ chunk: Data) -> [Data] { [chunk] }
    func finish() -> [Data] { [] }
}

/// The body's lines, decoded as UTF-8 (an invalid sequence reads as U+FFFD); the last line
/// counts even without a line end.
struct LineStage<Output>: StreamStage {
    var splitter: LineSplitter
    let head: Response
    /// Makes a line's value; `nil` skips the line.
    let make: (Data) throws(CourierError) -> Output?

    mutating func feed(_ chunk: Data) throws(CourierError) -> [Output] {
        let lines: [Data]
        do {
            lines = try splitter.split(chunk)
        } catch {
            throw .underlying(error, head)
        }
        var values: [Output] = []
        values.reserveCapacity(lines.count)
        for line in lines {
            if let value = try make(line) { values.append(value) }
        }
        return values
    }

    mutating func finish() throws(CourierError) -> [Output] {
        guard let line = splitter.finish(), let value = try make(line) else { return [] }
        return [value]
    }
}

/// The body's server-sent events, each made into a value.
struct EventStage<Output>: StreamStage {
    var parser: EventStreamParser
    let head: Response
    let make: (ServerSentEvent) throws(CourierError) -> Output

    mutating func feed(_ chunk: Data) throws(CourierError) -> [Output] {
        let events: [ServerSentEvent]
        do {
            events = try parser.parse(chunk)
        } catch {
            throw .underlying(error, head)
        }
        var values: [Output] = []
        values.reserveCapacity(events.count)
        for event in events { values.append(try make(event)) }
        return values
    }

    mutating func finish() -> [Output] {
        parser.finish()
        return []
    }

    var resumption: (lastEventID: String, retry: Int?)? { (parser.lastEventID, parser.reconnectionTime) }

    mutating func resume(lastEventID: String) { parser.resume(lastEventID: lastEventID) }
}
