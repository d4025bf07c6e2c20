import CourierTransport
import Foundation

/// The transition function: from the state and one event to the next state and the actions. What
/// concerns the exchange goes to the request machine; an exchange that fails closes the connection.
extension HTTP1ConnectionStateMachine {
    /// Applies `event`; returns what the shell must do.
    mutating func handle(_ event: Event) -> Actions {
        var actions = Actions()
        switch event {
        case .connected: connected(&actions)
        case .requestStarted(let rules): start(rules, &actions)
        case .writeWouldBlock(let now): writeWouldBlock(at: now, &actions)
        case .writable:
            if state == .connecting {
                actions.writer = .proceed
            } else if state == .inUse {
                exchange(&actions) { $0.writable(&$1) }
            }
        case .requestSent:
            forward("requestSent", &actions, orReject: true) { $0.requestSent(&$1) }
        case .awaitResponse(let now):
            switch state {
            case .inUse: exchange(&actions) { $0.awaitResponse(at: now, &$1) }
            case .closed: actions.response = .failure(closedFailure)
            case .connecting, .idle, .pooled:
                outOfStep("awaitResponse", &actions)
                actions.response = .failure(closedFailure)
            }
        case .bytesRead(let bytes, let now): bytes.withUnsafeBytes { receive($0, at: now, &actions) }
        case .endOfStream:
            switch state {
            case .inUse: exchange(&actions) { $0.endOfStream(&$1) }
            case .closed: break
            case .connecting, .idle, .pooled: close(ConnectionFailure.closedBeforeResponse, &actions)
            }
        case .consumerBehind:
            forward("consumerBehind", &actions, orReject: false) { $0.consumerBehind(&$1) }
        case .consumerCaughtUp(let now):
            // A sink that catches up late, after its exchange, changes nothing.
            if state == .inUse { exchange(&actions) { $0.consumerCaughtUp(at: now, &$1) } }
        case .timerFired(let now): timerFired(now: now, &actions)
        case .failed(let failure): close(failure, &actions)
        case .cancelled: close(CancellationError(), &actions)
        case .released(let reusable, let idleUntil): release(reusable: reusable, idleUntil: idleUntil, &actions)
        case .leased: leased(&actions)
        }
        return actions
    }

    /// ``Event/bytesRead(_:at:)`` for bytes the shell lends: the same transition, without a copy.
    mutating func read(_ bytes: UnsafeRawBufferPointer, at now: UInt64) -> Actions {
        var actions = Actions()
        receive(bytes, at: now, &actions)
        return actions
    }

    /// Bytes read at `now`: the exchange's, or a reason to close a connection that expects none.
    private mutating func receive(_ bytes: UnsafeRawBufferPointer, at now: UInt64, _ actions: inout Actions) {
        guard !bytes.isEmpty else { return }
        switch state {
        case .inUse: exchange(&actions) { $0.receive(bytes, at: now, &$1) }
        // An answer nobody asked for: taken for the next request's, it would be wrong.
        case .idle, .pooled: close(ConnectionFailure.closedBeforeResponse, &actions)
        case .connecting: outOfStep("bytesRead", &actions)
        case .closed: break
        }
    }

    /// The handshake ended: the connection can carry a request.
    private mutating func connected(_ actions: inout Actions) {
        switch state {
        case .connecting: state = .idle
        case .closed: actions.rejection = closedFailure
        case .idle, .pooled, .inUse: outOfStep("connected", &actions)
        }
    }

    /// A request starts on an idle connection: its exchange begins.
    private mutating func start(_ rules: ResponseRules, _ actions: inout Actions) {
        switch state {
        case .idle:
            request = HTTP1RequestStateMachine(rules: rules)
            state = .inUse
        case .closed: actions.rejection = closedFailure
        case .connecting, .pooled, .inUse:
            outOfStep("requestStarted", &actions)
            actions.rejection = closedFailure
        }
    }

    /// A writer parks at `now`: the handshake's (its timeout starts) or the exchange's.
    private mutating func writeWouldBlock(at now: UInt64, _ actions: inout Actions) {
        switch state {
        case .connecting:
            parkedAt = now
            actions.deadline = connectDeadline
        case .inUse: exchange(&actions) { $0.writeWouldBlock(at: now, &$1) }
        case .closed: actions.writer = .failed(closedFailure)
        case .idle, .pooled:
            outOfStep("writeWouldBlock", &actions)
            actions.writer = .failed(closedFailure)
        }
    }

    /// A timer fired at `now`: whichever deadline applies in the state is checked.
    private mutating func timerFired(now: UInt64, _ actions: inout Actions) {
        let due: UInt64?
        let failure: ConnectionFailure
        switch state {
        case .connecting: (due, failure) = (connectDeadline, .timedOut)
        case .pooled: (due, failure) = (idleDeadline, .closedBeforeResponse)
        case .inUse: return exchange(&actions) { $0.timerFired(now: now, &$1) }
        case .idle, .closed: return
        }
        guard let due else { return }
        if now >= due { close(failure, &actions) } else { actions.deadline = due }
    }

    /// The task gives the connection back: to the pool when the exchange left it reusable,
    /// closed otherwise.
    private mutating func release(reusable: Bool, idleUntil: UInt64?, _ actions: inout Actions) {
        switch state {
        case .inUse where request?.state == .delivered:
            if reusable, request?.isReusable == true {
                request = nil
                idleDeadline = idleUntil
                state = .pooled
            } else {
                // The server closed, or sent a stray byte, since the answer: not a reusable connection.
                close(ConnectionFailure.closedBeforeResponse, &actions)
            }
        case .closed: break
        case _ where !reusable: close(ConnectionFailure.closedBeforeResponse, &actions)
        default: outOfStep("released", &actions)
        }
    }

    /// The pool hands a pooled connection out: its idle lifetime ends.
    private mutating func leased(_ actions: inout Actions) {
        switch state {
        case .pooled:
            idleDeadline = nil
            state = .idle
        case .closed: actions.rejection = closedFailure
        case .connecting, .idle, .inUse:
            outOfStep("leased", &actions)
            actions.rejection = closedFailure
        }
    }

    // MARK: Shared steps

    /// When the handshake times out, from the moment its task parked.
    private var connectDeadline: UInt64? {
        guard let connectTimeout else { return nil }
        let (sum, overflow) = parkedAt.addingReportingOverflow(connectTimeout)
        return overflow ? .max : sum
    }

    /// Runs `step` on the exchange (in place, so the parser's buffer is not copied); an exchange
    /// that fails closes the connection.
    private mutating func exchange(
        _ actions: inout Actions, _ step: (inout HTTP1RequestStateMachine, inout Actions) -> Void
    ) {
        guard request != nil else { return outOfStep("exchange", &actions) }
        step(&request!, &actions)
        if let error = actions.close { closed(because: error) }
    }

    /// Runs `step` on the exchange while ``State/inUse``; on a closed connection, rejects the
    /// caller (with `orReject`) and otherwise does nothing; anywhere else, `event` is out of step.
    private mutating func forward(
        _ event: String, _ actions: inout Actions, orReject: Bool,
        _ step: (inout HTTP1RequestStateMachine, inout Actions) -> Void
    ) {
        switch state {
        case .inUse: exchange(&actions, step)
        case .closed: if orReject { actions.rejection = closedFailure }
        case .connecting, .idle, .pooled:
            outOfStep(event, &actions)
            if orReject { actions.rejection = closedFailure }
        }
    }

    /// Closes the connection: tells a parked task (the handshake's, or the exchange's), and the
    /// shell, why.
    mutating func close(_ error: any Error, _ actions: inout Actions) {
        switch state {
        case .closed: return
        case .connecting: actions.writer = .failed(error)
        case .inUse: request?.fail(error, &actions)
        case .idle, .pooled: break
        }
        actions.close = error
        closed(because: error)
    }

    /// The connection is closed now, because of `error`.
    private mutating func closed(because error: any Error) {
        state = .closed
        failure = error
        request = nil
        idleDeadline = nil
    }

    /// Closes the connection because `event` has no place in the current state.
    mutating func outOfStep(_ event: String, _ actions: inout Actions) {
        close(ConnectionFailure.outOfStep(state: "\(state)", event: event), &actions)
    }
}
