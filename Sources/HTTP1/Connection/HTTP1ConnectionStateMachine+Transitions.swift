import CourierTransport
import Foundation

/// The transition function: from the state and one event to the next state and the actions.
extension HTTP1ConnectionStateMachine {
    /// Applies `event`; returns what the shell must do.
    mutating func handle(_ event: Event) -> Actions {
        var actions = Actions()
        switch event {
        case .connected: connected(&actions)
        case .requestStarted(let rules): start(rules, &actions)
        case .writeWouldBlock: writeWouldBlock(&actions)
        case .writable: writable(&actions)
        case .requestSent: requestSent(&actions)
        case .awaitResponse: awaitResponse(&actions)
        case .bytesRead(let bytes): bytes.withUnsafeBytes { receive($0, &actions) }
        case .endOfStream: endOfStream(&actions)
        case .failed(let failure): failed(failure, &actions)
        case .timedOut:
            if clock == .exchange { close(ConnectionFailure.timedOut, &actions) }
        case .idleTimeout:
            if state == .pooled { close(ConnectionFailure.closedBeforeResponse, &actions) }
        case .cancelled:
            if state != .closed { close(CancellationError(), &actions) }
        case .released(let reusable): release(reusable: reusable, &actions)
        case .leased: leased(&actions)
        }
        return actions
    }

    /// ``Event/bytesRead(_:)`` for bytes the shell lends: the same transition, without a copy.
    mutating func read(_ bytes: UnsafeRawBufferPointer) -> Actions {
        var actions = Actions()
        receive(bytes, &actions)
        return actions
    }

    private mutating func connected(_ actions: inout Actions) {
        switch state {
        case .connecting: state = .idle
        case .closed: actions.rejection = closedFailure
        default: outOfStep("connected", &actions)
        }
    }

    private mutating func start(_ rules: ResponseRules, _ actions: inout Actions) {
        switch state {
        case .idle:
            self.rules = rules
            parser = HTTPResponseParser(isResponseToHEAD: rules.isResponseToHEAD, limits: rules.limits)
            body = Data()
            received = 0
            delivered = 0
            expected = -1
            decoder = nil
            answer = nil
            state = .writing(.awaitingHead)
        case .closed: actions.rejection = closedFailure
        default:
            outOfStep("requestStarted", &actions)
            actions.rejection = closedFailure
        }
    }

    private mutating func writeWouldBlock(_ actions: inout Actions) {
        switch state {
        case .writing(let phase):
            state = .writeBlocked(phase)
            actions.startsClock = true
        case .connecting: actions.startsClock = true
        case .answered: actions.writer = .answered
        case .closed: actions.writer = .failed(closedFailure)
        default:
            outOfStep("writeWouldBlock", &actions)
            actions.writer = .failed(closedFailure)
        }
    }

    private mutating func writable(_ actions: inout Actions) {
        switch state {
        case .writeBlocked(let phase):
            state = .writing(phase)
            actions.writer = .proceed
        case .connecting: actions.writer = .proceed
        default: break  // Room to write matters only to a parked writer.
        }
    }

    private mutating func requestSent(_ actions: inout Actions) {
        switch state {
        case .writing(let phase): state = .sent(phase)
        case .answered: break  // The answer came first; the request stopped short.
        case .closed: actions.rejection = closedFailure
        default:
            outOfStep("requestSent", &actions)
            actions.rejection = closedFailure
        }
    }

    private mutating func awaitResponse(_ actions: inout Actions) {
        switch state {
        case .sent(let phase):
            state = .awaitingResponse(phase)
            actions.startsClock = true
        case .answered: deliver(&actions)
        case .closed: actions.response = .failure(closedFailure)
        default:
            outOfStep("awaitResponse", &actions)
            actions.response = .failure(closedFailure)
        }
    }

    private mutating func endOfStream(_ actions: inout Actions) {
        mayReuse = false
        switch state {
        case .writing, .writeBlocked, .sent, .awaitingResponse:
            guard var parser else { return outOfStep("endOfStream", &actions) }
            self.parser = nil
            let completed: Bool
            do {
                if case .end = try parser.finish() { completed = true } else { completed = false }
            } catch {
                completed = false
            }
            self.parser = parser
            if completed {
                complete(&actions)
            } else {
                close(
                    parser.hasReceivedBytes ? ConnectionFailure.closedDuringResponse : .closedBeforeResponse,
                    &actions)
            }
        case .answered: break  // The answer stands; the connection goes when it is released.
        case .closed: break
        case .connecting, .idle, .pooled, .delivered: close(ConnectionFailure.closedBeforeResponse, &actions)
        }
    }

    private mutating func failed(_ failure: any Error, _ actions: inout Actions) {
        if state != .closed { close(failure, &actions) }
    }

    private mutating func release(reusable: Bool, _ actions: inout Actions) {
        switch state {
        case .delivered where reusable && mayReuse: state = .pooled
        // The server closed, or sent a stray byte, since the answer: not a reusable connection.
        case .delivered: close(ConnectionFailure.closedBeforeResponse, &actions)
        case .closed: break
        case _ where !reusable: close(ConnectionFailure.closedBeforeResponse, &actions)
        default: outOfStep("released", &actions)
        }
    }

    private mutating func leased(_ actions: inout Actions) {
        switch state {
        case .pooled: state = .idle
        case .closed: actions.rejection = closedFailure
        default:
            outOfStep("leased", &actions)
            actions.rejection = closedFailure
        }
    }

    // MARK: Shared steps

    /// The failure a task sees on a closed connection.
    var closedFailure: any Error { failure ?? ConnectionFailure.closedBeforeResponse }

    /// Hands the complete response to the parked task, or keeps it until the task asks.
    mutating func complete(_ actions: inout Actions) {
        guard let parser, var head = parser.head else {
            return close(ConnectionFailure.closedDuringResponse, &actions)
        }
        if let decoder {
            do { try decoder.finish() } catch { return close(error, &actions) }
            self.decoder = nil
            head = ContentDecoder.decodedHead(head)
        }
        let keepAlive =
            head.keepsConnectionAlive && !parser.requiresConnectionClose && parser.unconsumedByteCount == 0
        if !keepAlive { mayReuse = false }
        answer = ReceivedResponse(head: head, body: body, reusable: keepAlive)
        body = Data()
        self.parser = nil
        switch state {
        case .awaitingResponse:
            deliver(&actions)
        case .writeBlocked:
            mayReuse = false
            state = .answered
            actions.writer = .answered
        case .writing:
            mayReuse = false
            state = .answered
        default:
            state = .answered
        }
    }

    /// Gives the held answer to the task.
    private mutating func deliver(_ actions: inout Actions) {
        guard var answer else { return outOfStep("deliver", &actions) }
        answer.reusable = answer.reusable && mayReuse
        self.answer = nil
        state = .delivered
        actions.response = .success(answer)
    }

    /// Closes the connection: tells a parked task, and the shell, why.
    mutating func close(_ error: any Error, _ actions: inout Actions) {
        switch state {
        case .closed: return
        case .connecting, .writeBlocked: actions.writer = .failed(error)
        case .awaitingResponse: actions.response = .failure(error)
        default: break
        }
        state = .closed
        failure = error
        parser = nil
        answer = nil
        body = Data()
        actions.close = error
    }

    /// Closes the connection because `event` has no place in the current state.
    mutating func outOfStep(_ event: String, _ actions: inout Actions) {
        close(ConnectionFailure.outOfStep(state: "\(state)", event: event), &actions)
    }
}
