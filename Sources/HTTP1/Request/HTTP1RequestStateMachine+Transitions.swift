import CourierTransport
import Foundation

/// The transition function: from the state and one event to the next state and the actions; and
/// the steps every part shares (completing, delivering, failing).
extension HTTP1RequestStateMachine {
    /// Applies `event`; returns what the shell must do.
    mutating func handle(_ event: Event) -> Actions {
        var actions = Actions()
        switch event {
        case .writeWouldBlock(let now): writeWouldBlock(at: now, &actions)
        case .writable: writable(&actions)
        case .requestSent: requestSent(&actions)
        case .awaitResponse(let now): awaitResponse(at: now, &actions)
        case .bytesRead(let bytes, let now): bytes.withUnsafeBytes { receive($0, at: now, &actions) }
        case .endOfStream: endOfStream(&actions)
        case .consumerBehind: consumerBehind(&actions)
        case .consumerCaughtUp(let now): consumerCaughtUp(at: now, &actions)
        case .timerFired(let now): timerFired(now: now, &actions)
        case .failed(let failure): fail(failure, &actions)
        case .cancelled: fail(CancellationError(), &actions)
        }
        return actions
    }

    /// ``Event/bytesRead(_:at:)`` for bytes the shell lends: the same transition, without a copy.
    mutating func read(_ bytes: UnsafeRawBufferPointer, at now: UInt64) -> Actions {
        var actions = Actions()
        receive(bytes, at: now, &actions)
        return actions
    }

    /// The failure a task sees once the exchange failed.
    var closedFailure: any Error { failure ?? ConnectionFailure.closedBeforeResponse }

    /// Hands the complete response to the parked task, or keeps it until the task asks.
    mutating func complete(_ actions: inout Actions) {
        guard let parser, let head = parser.head else {
            return fail(ConnectionFailure.closedDuringResponse, &actions)
        }
        let keepAlive =
            head.keepsConnectionAlive && !parser.requiresConnectionClose && parser.unconsumedByteCount == 0
        if !keepAlive { mayReuse = false }
        answer = ReceivedResponse(head: head, body: collector.take(), reusable: keepAlive, firstByteAt: firstByteAt)
        self.parser = nil
        switch state {
        case .awaitingResponse:
            deliver(&actions)
        case .writeBlocked:
            // The server answered before the request was written: the rest is never sent, so the
            // connection is out of step for another request.
            mayReuse = false
            state = .answered
            actions.writer = .answered
        case .writing:
            mayReuse = false
            state = .answered
        case .sent, .answered, .delivered, .failed:
            state = .answered
        }
    }

    /// Gives the held answer to the task.
    mutating func deliver(_ actions: inout Actions) {
        guard var answer else { return outOfStep("deliver", &actions) }
        answer.reusable = answer.reusable && mayReuse
        self.answer = nil
        state = .delivered
        actions.response = .success(answer)
    }

    /// Ends the exchange with `error`: tells a parked task, and the shell that the connection
    /// closes. Nothing after a failure.
    mutating func fail(_ error: any Error, _ actions: inout Actions) {
        switch state {
        case .failed: return
        case .writeBlocked: actions.writer = .failed(error)
        case .awaitingResponse: actions.response = .failure(error)
        case .writing, .sent, .answered, .delivered: break
        }
        state = .failed
        failure = error
        mayReuse = false
        parser = nil
        answer = nil
        _ = collector.take()
        actions.close = error
    }

    /// Fails the exchange because `event` has no place in the current state.
    mutating func outOfStep(_ event: String, _ actions: inout Actions) {
        fail(ConnectionFailure.outOfStep(state: "\(state)", event: event), &actions)
    }
}
