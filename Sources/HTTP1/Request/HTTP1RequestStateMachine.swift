import CourierTransport
import Foundation

/// The life of one request and its response on a connection, as a value: where the exchange is
/// (``State``), what can happen to it (``Event``), and what the I/O shell must do about it
/// (``Actions``). No I/O and no clock happen here (time comes in with the events that need it, in
/// nanoseconds of any monotonic clock), so every state and event is tested without a socket.
///
/// The task writes the request (`writing`, parked in `writeBlocked` while the socket is full),
/// says it is sent (`sent`), and parks for the response (`awaitingResponse`) until it is complete
/// (`delivered`). Meanwhile the response moves through its own ``ResponsePhase``: its head, then
/// its body, whose reading pauses while the sink it goes to is behind. A complete response can
/// arrive while the request is still written (RFC 9112 §9.5: it is the answer, and the
/// connection is not reused): it waits in `answered` until the task takes it. Every failure ends
/// in `failed` with ``Actions/close``: the connection cannot carry another request.
///
/// The parts are split by concern: writing (`+Writing`), bytes read (`+Reading`), demand and the
/// idle clock (`+Demand`), and the dispatch and shared steps (`+Transitions`).
struct HTTP1RequestStateMachine: Sendable {
    /// How far the response has come, while it is incomplete.
    enum ResponsePhase: Hashable, Sendable, CaseIterable {
        /// No byte of the final response's head is parsed yet (interim `1xx` answers are skipped).
        case awaitingHead
        /// The head is in; the body is arriving.
        case readingBody
        /// The head is in; reading stopped until the body's sink caught up.
        case bodyPaused
    }

    /// Where the exchange is.
    enum State: Hashable, Sendable {
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
        /// The task took the response: the exchange is over.
        case delivered
        /// The exchange failed; ``HTTP1RequestStateMachine/failure`` says why.
        case failed
    }

    /// What the I/O shell tells the machine about the exchange.
    enum Event: Sendable {
        /// The socket is full: the writer parks until ``writable``, from `at`.
        case writeWouldBlock(at: UInt64)
        /// The socket has room to write again.
        case writable
        /// The whole request is written.
        case requestSent
        /// The task parks, from `at`, until the response is complete.
        case awaitResponse(at: UInt64)
        /// Bytes read from the socket, at `at`.
        case bytesRead([UInt8], at: UInt64)
        /// The server closed its side, or the socket failed: a complete answer already read stands.
        case endOfStream
        /// The body's sink (a download's file, a stream's consumer) is behind: stop reading.
        case consumerBehind
        /// The body's sink caught up, at `at`: read again.
        case consumerCaughtUp(at: UInt64)
        /// A timer of the exchange fired at `now`: the idle clock is checked.
        case timerFired(now: UInt64)
        /// The exchange must end now with this failure.
        case failed(any Error)
        /// The task was cancelled.
        case cancelled
    }

    /// The rules of an exchange: how its response is read and bounded.
    struct ResponseRules: Equatable, Sendable {
        /// Whether the request is `HEAD`, whose response has no body whatever its headers say.
        var isResponseToHEAD = false
        /// The parser's limits.
        var limits = HTTPResponseParser.Limits()
        /// The largest body accepted, in bytes, counted as they came.
        var maximumSize: Int64?
        /// Whether the body goes to a sink (``Actions/fileBytes``) instead of memory.
        var bodyToFile = false
        /// Whether progress is reported (``Actions/progress``).
        var reportsProgress = false
        /// How long, in nanoseconds, a parked task waits with no byte moving before the exchange
        /// fails as timed out; `nil` for no limit.
        var idleTimeout: UInt64?
        /// Whether ``idleTimeout`` ends with the head: a stream's body has its consumer's limits,
        /// and a consumer that reads slowly is not a silent server.
        var idleTimeoutEndsWithHead = false
    }

    /// What a parked (or calling) writer is told.
    enum WriterOutcome: Sendable {
        /// Write on.
        case proceed
        /// Stop writing: a complete response arrived, ask for it.
        case answered
        /// The exchange failed.
        case failed(any Error)
    }

    /// What the shell must do, in this order: hand the head and body bytes to the sink, report
    /// progress, resume the writer, resume the response waiter (or fail the calling task with
    /// `rejection`), arm the timer, read again, close. Empty fields mean nothing to do.
    struct Actions: Sendable {
        /// The head of a response whose body goes to a sink, for a sink that streams it.
        var head: HTTPResponseHead?
        /// Bytes of the body for the sink.
        var fileBytes: Data?
        /// Download progress to report.
        var progress: TransferProgress?
        /// Resume the writer (parked, or about to park) with this.
        var writer: WriterOutcome?
        /// Resume the task waiting for the response (parked, or asking now) with this.
        var response: Result<ReceivedResponse, any Error>?
        /// Fail the task's call that caused the event with this.
        var rejection: (any Error)?
        /// Arm the timer to fire at this instant (a ``Event/timerFired(now:)`` then).
        var deadline: UInt64?
        /// Reading was paused and may go on: watch the socket again and read what waited.
        var resumeReading = false
        /// Close the connection (and stop watching it) because of this.
        var close: (any Error)?
    }

    /// Where the exchange is; only the transitions change it (the state below too: the
    /// extensions in other files are why it is not `private(set)`).
    var state: State = .writing(.awaitingHead)
    /// Why the exchange failed.
    var failure: (any Error)?
    /// The exchange's rules.
    let rules: ResponseRules
    /// Reads the response; `nil` once it is complete or the exchange failed.
    var parser: HTTPResponseParser?
    /// The body read so far (kept when it goes to memory), counted against the size limit as it
    /// came on the wire; progress counts it too.
    var collector: BodyCollector
    /// The body's `Content-Length`, `-1` when unknown.
    var expected: Int64 = -1
    /// The complete response, from ``State/answered`` until the task takes it.
    var answer: ReceivedResponse?
    /// Cleared by anything that rules out another request on this connection.
    var mayReuse = true
    /// The idle timeout that applies now (``ResponseRules/idleTimeout`` until it ends).
    var idleTimeout: UInt64?
    /// The last time a byte moved or a task parked: the idle clock runs from here.
    var lastActivity: UInt64 = 0
    /// When the first byte of the response was read.
    var firstByteAt: UInt64?

    /// An exchange whose request is about to be written, and whose response follows `rules`.
    init(rules: ResponseRules) {
        self.rules = rules
        collector = BodyCollector(limit: rules.maximumSize, keepsBytes: !rules.bodyToFile)
        parser = HTTPResponseParser(isResponseToHEAD: rules.isResponseToHEAD, limits: rules.limits)
        idleTimeout = rules.idleTimeout
    }

    /// The phase of an incomplete response, `nil` once it is complete or failed.
    var phase: ResponsePhase? {
        switch state {
        case .writing(let phase), .writeBlocked(let phase), .sent(let phase), .awaitingResponse(let phase): phase
        case .answered, .delivered, .failed: nil
        }
    }

    /// Whether the socket should be read: not while the sink is behind, nor once failed.
    var readsInput: Bool { phase != .bodyPaused && state != .failed }

    /// Whether a task is parked, so the idle clock runs.
    var clockRuns: Bool {
        switch state {
        case .writeBlocked, .awaitingResponse: true
        default: false
        }
    }

    /// When the exchange times out if nothing moves, while the idle clock runs.
    var idleDeadline: UInt64? {
        guard clockRuns, let idleTimeout else { return nil }
        let (sum, overflow) = lastActivity.addingReportingOverflow(idleTimeout)
        return overflow ? .max : sum
    }

    /// Whether part of a response, but not all of it, has arrived.
    var hasPartialResponse: Bool { phase != nil && (parser?.hasReceivedBytes ?? false) }

    /// Whether the exchange is over and its connection may carry another request.
    var isReusable: Bool { state == .delivered && mayReuse }

    /// What a task about to write more of its request should do.
    var writePermission: WriterOutcome {
        switch state {
        case .writing: .proceed
        case .answered: .answered
        case .failed: .failed(failure ?? ConnectionFailure.closedBeforeResponse)
        default: .failed(ConnectionFailure.outOfStep(state: "\(state)", event: "write"))
        }
    }
}
