import CourierTargets
import Foundation

/// How long the phases of one attempt's exchange took, as its transport measured them.
///
/// Every phase is optional: a transport fills in what it can see (a reused connection has no
/// connecting phase), and one that measures nothing leaves ``CallContext/timings`` `nil`.
public struct CallTimings: Sendable, Hashable {
    /// From handing the request to the transport until a connection was ready for it (pool
    /// wait, name lookup, connecting and TLS included).
    public var waitingForConnection: Duration?
    /// Opening the connection: TCP and TLS; `nil` when an open connection was reused.
    public var connecting: Duration?
    /// From handing the request to the transport until the first byte of the response head.
    public var firstByte: Duration?
    /// From handing the request to the transport until the last byte of the body.
    public var total: Duration?

    /// Creates timings; each phase is `nil` (not measured) unless given.
    public init(
        waitingForConnection: Duration? = nil, connecting: Duration? = nil, firstByte: Duration? = nil,
        total: Duration? = nil
    ) {
        self.waitingForConnection = waitingForConnection
        self.connecting = connecting
        self.firstByte = firstByte
        self.total = total
    }
}
