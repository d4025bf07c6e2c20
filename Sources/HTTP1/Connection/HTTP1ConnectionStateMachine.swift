import CourierTransport
import Foundation

/// The life of one HTTP/1.1 connection as a value: where it is (``State``), what can happen to it
/// (``Event``), and what the I/O shell must do about it (``Actions``). No I/O happens here, so
/// every state and event can be tested without a socket.
///
/// One request at a time: `connecting` → `idle` → `writing` (the task sends the request; the
/// event loop may already read the answer) → `sent` → `awaitingResponse` (the task is parked)
/// → `delivered` → `pooled` (or `closed`) → `idle` again when the pool hands it out. A complete
/// response can arrive while the request is still being written (RFC 9112 §9.5: it is the
/// answer, and the connection is not reused): the state is then `answered` until the task
/// takes it. Every event in every state has an outcome; one the state does not allow closes
/// the connection with ``ConnectionFailure/outOfStep(state:event:)``.
struct HTTP1ConnectionStateMachine: Sendable {
    /// How far the response has come, while it is incomplete.
    enum ResponsePhase: Hashable, Sendable, CaseIterable {
        /// No byte of the final response's head is parsed yet (interim `1xx` answers are skipped).
        case awaitingHead
        /// The head is in; the body is arriving.
        case readingBody
    }

    /// Where the connection is.
    enum State: Hashable, Sendable {
        /// The TCP handshake runs; the task waits for room to write, which means it ended.
        case connecting
        /// Open, no request: just connected, or just handed out by the pool.
        case idle
        /// In the pool, waiting for a request; nothing may arrive.
        case pooled
        /// The task is writing the request.
        case writing(ResponsePhase)
        /// The task waits for room to write the rest of the request.
        case writeBlocked(ResponsePhase)
        /// The request is written; the task has not asked for the response yet.
        case sent(ResponsePhase)
        /// The task is parked until the response is complete.
        case awaitingResponse(ResponsePhase)
        /// A complete response waits for the task to take it.
        case answered
        /// The task took the response; the connection waits to go back to the pool.
        case delivered
        /// Closed; ``HTTP1ConnectionStateMachine/failure`` says why.
        case closed
    }

    /// What the I/O shell tells the machine.
    enum Event: Sendable {
        /// The handshake succeeded.
        case connected
        /// A request is about to be written, whose response follows `rules`.
        case requestStarted(ResponseRules)
        /// The socket is full: the writer parks until ``writable``.
        case writeWouldBlock
        /// The socket has room to write again (or the handshake ended).
        case writable
        /// The whole request is written.
        case requestSent
        /// The task parks until the response is complete.
        case awaitResponse
        /// Bytes read from the socket.
        case bytesRead([UInt8])
        /// The server closed its side, or the socket failed (a reset, a write refused): a complete
        /// answer already read stands.
        case endOfStream
        /// The connection must end now with this failure (a file that cannot be written, the pool
        /// closing it, the transport shutting down).
        case failed(any Error)
        /// A parked task's idle clock ran out.
        case timedOut
        /// The pooled connection's idle lifetime ran out.
        case idleTimeout
        /// The task was cancelled.
        case cancelled
        /// The task gives the connection back to the pool; `reusable` when the exchange went well.
        case released(reusable: Bool)
        /// The pool hands the connection out for a request.
        case leased
    }

    /// What a request's response must be read by.
    struct ResponseRules: Equatable, Sendable {
        /// Whether the request is `HEAD`, whose response has no body whatever its headers say.
        var isResponseToHEAD = false
        /// The parser's limits.
        var limits = HTTPResponseParser.Limits()
        /// The largest body accepted, in bytes.
        var maximumSize: Int64?
        /// Whether the body goes to a file (``Actions/fileBytes``) instead of memory.
        var bodyToFile = false
        /// Whether progress is reported (``Actions/progress``).
        var reportsProgress = false
        /// Whether a `gzip` or `deflate` body is decoded (when zlib is there); the decoded
        /// bytes count against ``maximumSize``.
        var decodesContent = false
    }

    /// What a parked (or calling) task is told about its write.
    enum WriterOutcome: Sendable {
        /// Write on.
        case proceed
        /// Stop writing: a complete response arrived (``State/answered``), ask for it.
        case answered
        /// The connection failed.
        case failed(any Error)
    }

    /// What the shell must do, in this order: write the file bytes, report progress, resume the
    /// writer, resume the response waiter (or fail the calling task with `rejection`), close.
    struct Actions: Sendable {
        /// The head of a response whose body goes to a sink, for a sink that streams it.
        var head: HTTPResponseHead?
        /// Bytes of the body to append to the download file.
        var fileBytes: Data?
        /// Download progress to report.
        var progress: TransferProgress?
        /// Resume the writer (parked, or about to park) with this.
        var writer: WriterOutcome?
        /// Resume the task waiting for the response (parked, or asking now) with this.
        var response: Result<ReceivedResponse, any Error>?
        /// Fail the task's call that caused the event with this.
        var rejection: (any Error)?
        /// A task parked just now: its idle clock starts.
        var startsClock = false
        /// Close the socket (and stop watching it) because of this.
        var close: (any Error)?
    }

    /// Which deadline applies now.
    enum Clock: Equatable, Sendable {
        /// None: nobody waits on the connection.
        case none
        /// A task is parked on it: the request's idle timeout.
        case exchange
        /// It is in the pool: the pool's idle lifetime.
        case pool
    }

    /// Where the connection is; only the transitions change it.
    var state: State
    /// Why the connection closed.
    var failure: (any Error)?
    var parser: HTTPResponseParser?
    var rules = ResponseRules()
    /// The body read so far, when it goes to memory.
    var body = Data()
    /// Body bytes received, as they came on the wire (progress counts these).
    var received: Int64 = 0
    /// Body bytes delivered, decoded (the size limit counts these).
    var delivered: Int64 = 0
    var expected: Int64 = -1
    /// Decodes the body, when it comes in a content coding this transport decodes.
    var decoder: ContentDecoder?
    /// The complete response, from ``State/answered`` until the task takes it.
    var answer: ReceivedResponse?
    /// Cleared by anything that rules out another request on this connection.
    var mayReuse = true

    /// A connection whose handshake runs; `connected: true` when `connect` succeeded at once.
    init(connected: Bool = false) {
        state = connected ? .idle : .connecting
    }

    /// Which deadline applies in the current state.
    var clock: Clock {
        switch state {
        case .connecting, .writeBlocked, .awaitingResponse: .exchange
        case .pooled: .pool
        default: .none
        }
    }

    /// Whether the shell should read the socket: not during the handshake (epoll reports an
    /// unconnected socket as hung up) and not once closed.
    var readsInput: Bool { state != .connecting && state != .closed }

    /// Whether part of a response, but not all of it, has arrived.
    var hasPartialResponse: Bool {
        switch state {
        case .writing, .writeBlocked, .sent, .awaitingResponse: parser?.hasReceivedBytes ?? false
        default: false
        }
    }

    /// Whether the connection is open and may carry another request as far as the machine knows.
    var isReusable: Bool { mayReuse && (state == .idle || state == .pooled || state == .delivered) }

    /// What a task about to write more of its request should do.
    var writePermission: WriterOutcome {
        switch state {
        case .writing: .proceed
        case .answered: .answered
        case .closed: .failed(failure ?? ConnectionFailure.closedBeforeResponse)
        default: .failed(ConnectionFailure.outOfStep(state: "\(state)", event: "write"))
        }
    }
}
