import Foundation

/// The limits of one streaming call, and whether it reconnects.
///
/// A stream is exempt from the whole-call deadline (that applies until the response head
/// arrives) and from a transport's response-size limit; instead it has these.
public struct StreamOptions: Sendable {
    /// The longest silence between two pieces of the body, in seconds: 60 by default. A stream
    /// that stays silent longer fails with `URLError(.timedOut)`. A consumer that is slow does not
    /// count: the stream is not idle while its buffer is full.
    public var idleTimeout: TimeInterval
    /// The longest line accepted (of JSON lines or of an event stream), in bytes: 1 MiB by default.
    public var maximumLineLength: Int
    /// The largest data a server-sent event may gather, in bytes: 1 MiB by default.
    public var maximumEventSize: Int
    /// How many bytes are read ahead of the consumer before the transport stops reading:
    /// ``StreamedBody/defaultBufferLimit`` by default. ``URLSessionTransport`` on Linux cannot
    /// stop reading (FoundationNetworking restarts a resumed transfer), so there its buffer holds
    /// whatever the network delivers faster than the consumer reads; `RoutingTransport` streams
    /// what it can (`http://`, and `https://` with OpenSSL) through the native transport, which
    /// keeps to this limit.
    public var bufferLimit: Int
    /// Whether, and how often, an event stream that fails is opened again; `nil` (never) by default.
    public var reconnection: StreamReconnection?

    /// Creates options; every parameter has the default its property describes.
    public init(
        idleTimeout: TimeInterval = 60, maximumLineLength: Int = 1 << 20, maximumEventSize: Int = 1 << 20,
        bufferLimit: Int = StreamedBody.defaultBufferLimit, reconnection: StreamReconnection? = nil
    ) {
        self.idleTimeout = idleTimeout
        self.maximumLineLength = maximumLineLength
        self.maximumEventSize = maximumEventSize
        self.bufferLimit = bufferLimit
        self.reconnection = reconnection
    }
}

/// How an event stream reconnects when its connection fails, as a browser's `EventSource` does:
/// the same target again, with `Last-Event-ID` set to the last event ID, after the delay the
/// server's `retry` field asked for (or ``delay``), never less than ``minimumDelay``.
///
/// Unlike a browser's, it gives up after ``maximumAttempts`` reconnections in a row that brought
/// no event, and then the stream fails with the last error; and a body the server ends cleanly
/// ends the stream (a browser would reconnect). A server that sends an event and then cuts the
/// connection, again and again, is held to ``maximumReconnectionsPerMinute``: a reconnection
/// beyond it waits until the oldest of the last minute's is a minute old. A response that is not
/// a success, or a limit of ``StreamOptions`` passed, is never retried. Each connection is a call
/// of its own for the plugins, from `prepare` to `didFinish`.
public struct StreamReconnection: Sendable {
    /// The most reconnections in a row without an event in between: 3 by default.
    public var maximumAttempts: Int
    /// The wait before reconnecting, in seconds, until the server sets one with `retry`: 3 by default.
    public var delay: TimeInterval
    /// The longest wait accepted from the server's `retry`, in seconds: 60 by default.
    public var maximumDelay: TimeInterval
    /// The shortest wait before reconnecting, in seconds, whatever `retry` asks: 1 by default, as
    /// browsers wait in practice, so that `retry: 0` cannot make a client reconnect in a loop.
    public var minimumDelay: TimeInterval
    /// The most reconnections in any minute: 10 by default (at least 1). Events in between do not
    /// reset it, so a server that answers each reconnection with one event and a cut gets this rate.
    public var maximumReconnectionsPerMinute: Int
    /// What the waits are measured and slept on; tests put a virtual clock here.
    var clock = ReconnectionClock.system

    /// Creates a reconnection policy; every parameter has the default its property describes.
    public init(
        maximumAttempts: Int = 3, delay: TimeInterval = 3, maximumDelay: TimeInterval = 60,
        minimumDelay: TimeInterval = 1, maximumReconnectionsPerMinute: Int = 10
    ) {
        self.maximumAttempts = maximumAttempts
        self.delay = delay
        self.maximumDelay = maximumDelay
        self.minimumDelay = minimumDelay
        self.maximumReconnectionsPerMinute = maximumReconnectionsPerMinute
    }
}
