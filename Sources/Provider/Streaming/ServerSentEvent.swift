/// One event of a `text/event-stream` body, as the WHATWG EventSource rules dispatch it.
public struct ServerSentEvent: Sendable, Hashable {
    /// The event's type: its `event` field, or `"message"` when it has none.
    public var event: String
    /// Its `data` fields, joined with `"\n"`.
    public var data: String
    /// The last event ID when it was dispatched: the latest `id` field of the stream so far, which
    /// this event may not have set itself (empty when no event has set one). A reconnection sends it
    /// as `Last-Event-ID`.
    public var id: String

    /// Creates an event.
    public init(event: String = "message", data: String, id: String = "") {
        self.event = event
        self.data = data
        self.id = id
    }
}
