import CourierTransport
import Foundation

/// The life of one HTTP/1.1 connection as a value: where it is (``State``), what can happen to it
/// (``Event``), and what the I/O shell must do about it (``Actions``). No I/O happens here, and
/// time comes in with the events that need it, so every state and event can be tested without a
/// socket or a clock.
///
/// One request at a time: `connecting` → `idle` → `inUse` (an ``HTTP1RequestStateMachine``
/// runs the exchange: request written, response read, demand, limits, idle clock) →
/// `pooled` (or `closed`) → `idle` again when the pool hands it out. The connection keeps only
/// what is its own: the handshake and its deadline, the pool's idle lifetime, and closing; an
/// exchange that fails closes it. Every event in every state has an outcome; one the state does
/// not allow closes the connection with ``ConnectionFailure/outOfStep(state:event:)``.
struct HTTP1ConnectionStateMachine: Sendable {
    /// How far the response has come (the request machine's).
    typealias ResponsePhase = HTTP1RequestStateMachine.ResponsePhase
    /// What a request's response must be read by (the request machine's).
    typealias ResponseRules = HTTP1RequestStateMachine.ResponseRules
    /// What a parked (or calling) writer is told (the request machine's).
    typealias WriterOutcome = HTTP1RequestStateMachine.WriterOutcome
    /// What the shell must do: the request machine's actions, which the connection's own use too.
    typealias Actions = HTTP1RequestStateMachine.Actions

    /// Where the connection is.
    enum State: Hashable, Sendable {
        /// The TCP (and TLS) handshake runs; the task waits for room to write, which means it ended.
        case connecting
        /// Open, no request: just connected, or just handed out by the pool.
        case idle
        /// In the pool, waiting for a request; nothing may arrive.
        case pooled
        /// A request uses it: ``HTTP1ConnectionStateMachine/request`` is where the exchange is,
        /// from the first byte written until the task gives the connection back.
        case inUse
        /// Closed; ``HTTP1ConnectionStateMachine/failure`` says why.
        case closed
    }

    /// What the I/O shell tells the machine.
    enum Event: Sendable {
        /// The handshake succeeded.
        case connected
        /// A request is about to be written, whose response follows `rules`.
        case requestStarted(ResponseRules)
        /// The socket is full (or the handshake waits): the writer parks, from `at`, until ``writable``.
        case writeWouldBlock(at: UInt64)
        /// The socket has room to write again (or the handshake ended).
        case writable
        /// The whole request is written.
        case requestSent
        /// The task parks, from `at`, until the response is complete.
        case awaitResponse(at: UInt64)
        /// Bytes read from the socket, at `at`.
        case bytesRead([UInt8], at: UInt64)
        /// The server closed its side, or the socket failed (a reset, a write refused): a complete
        /// answer already read stands.
        case endOfStream
        /// The body's sink is behind: reading stops until ``consumerCaughtUp(at:)``.
        case consumerBehind
        /// The body's sink caught up, at `at`: reading goes on.
        case consumerCaughtUp(at: UInt64)
        /// A timer of the connection fired at `now`: a handshake, exchange or pooled connection
        /// past its deadline closes; otherwise ``Actions/deadline`` says when to look again.
        case timerFired(now: UInt64)
        /// The connection must end now with this failure (a file that cannot be written, the pool
        /// closing it, the transport shutting down).
        case failed(any Error)
        /// The task was cancelled.
        case cancelled
        /// The task gives the connection back; `reusable` when the exchange went well, to idle in
        /// the pool until `idleUntil` (no limit when `nil`).
        case released(reusable: Bool, idleUntil: UInt64? = nil)
        /// The pool hands the connection out for a request.
        case leased
    }

    /// Which deadline applies now.
    enum Clock: Equatable, Sendable {
        /// None: nobody waits on the connection.
        case none
        /// A task is parked on it: the handshake's timeout, or the request's idle timeout.
        case exchange
        /// It is in the pool: the pool's idle lifetime.
        case pool
    }

    /// Where the connection is; only the transitions change it (the state below too: the
    /// extension in another file is why it is not `private(set)`).
    var state: State
    /// Why the connection closed.
    var failure: (any Error)?
    /// The exchange, while ``State/inUse``.
    var request: HTTP1RequestStateMachine?
    /// How long the handshake may wait, in nanoseconds, from the moment its task parks.
    let connectTimeout: UInt64?
    /// When the handshake's task last parked.
    var parkedAt: UInt64 = 0
    /// When the pooled connection's idle lifetime ends.
    var idleDeadline: UInt64?

    /// A connection whose handshake runs (within `connectTimeout`); `connected: true` when
    /// `connect` succeeded at once.
    init(connected: Bool = false, connectTimeout: UInt64? = nil) {
        state = connected ? .idle : .connecting
        self.connectTimeout = connectTimeout
    }

    /// Which deadline applies in the current state.
    var clock: Clock {
        switch state {
        case .connecting: .exchange
        case .inUse: request?.clockRuns == true ? .exchange : .none
        case .pooled: .pool
        case .idle, .closed: .none
        }
    }

    /// Whether the shell should read the socket: not during the handshake (epoll reports an
    /// unconnected socket as hung up), not while the exchange's sink is behind, and not once closed.
    var readsInput: Bool {
        switch state {
        case .connecting, .closed: false
        case .inUse: request?.readsInput ?? false
        case .idle, .pooled: true
        }
    }

    /// Whether the request is being written (its last write may not have said so).
    var isWriting: Bool {
        guard case .writing = request?.state else { return false }
        return true
    }

    /// Whether part of a response, but not all of it, has arrived.
    var hasPartialResponse: Bool { state == .inUse && request?.hasPartialResponse == true }

    /// Whether the connection is open and may carry another request as far as the machine knows.
    var isReusable: Bool {
        switch state {
        case .idle, .pooled: true
        case .inUse: request?.isReusable ?? false
        case .connecting, .closed: false
        }
    }

    /// What a task about to write more of its request should do.
    var writePermission: WriterOutcome {
        switch state {
        case .inUse: request?.writePermission ?? .failed(closedFailure)
        case .closed: .failed(closedFailure)
        case .connecting, .idle, .pooled: .failed(ConnectionFailure.outOfStep(state: "\(state)", event: "write"))
        }
    }

    /// The failure a task sees on a closed connection.
    var closedFailure: any Error { failure ?? ConnectionFailure.closedBeforeResponse }
}
