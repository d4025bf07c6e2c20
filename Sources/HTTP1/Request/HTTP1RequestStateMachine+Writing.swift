/// The request going out: the writer parks while the socket is full, the request ends, the task
/// asks for the response. An answer that came first stops the writer.
extension HTTP1RequestStateMachine {
    /// The socket is full at `now`: the writer parks, and the idle clock starts.
    mutating func writeWouldBlock(at now: UInt64, _ actions: inout Actions) {
        switch state {
        case .writing(let phase):
            state = .writeBlocked(phase)
            park(at: now, &actions)
        case .answered: actions.writer = .answered
        case .failed: actions.writer = .failed(closedFailure)
        case .writeBlocked, .sent, .awaitingResponse, .delivered:
            outOfStep("writeWouldBlock", &actions)
            actions.writer = .failed(closedFailure)
        }
    }

    /// Room to write matters only to a parked writer.
    mutating func writable(_ actions: inout Actions) {
        guard case .writeBlocked(let phase) = state else { return }
        state = .writing(phase)
        actions.writer = .proceed
    }

    /// The whole request is written.
    mutating func requestSent(_ actions: inout Actions) {
        switch state {
        case .writing(let phase): state = .sent(phase)
        case .answered: break  // The answer came first; the request stopped short.
        case .failed: actions.rejection = closedFailure
        case .writeBlocked, .sent, .awaitingResponse, .delivered:
            outOfStep("requestSent", &actions)
            actions.rejection = closedFailure
        }
    }

    /// The task asks for the response at `now`: it gets it if it is complete, parks otherwise.
    mutating func awaitResponse(at now: UInt64, _ actions: inout Actions) {
        switch state {
        case .sent(let phase):
            state = .awaitingResponse(phase)
            park(at: now, &actions)
        case .answered: deliver(&actions)
        case .failed: actions.response = .failure(closedFailure)
        case .writing, .writeBlocked, .awaitingResponse, .delivered:
            outOfStep("awaitResponse", &actions)
            actions.response = .failure(closedFailure)
        }
    }

    /// A task parked at `now`: the idle clock runs from the moment it parks, since time a
    /// resumed task spends waiting for a thread is not silence from the server.
    private mutating func park(at now: UInt64, _ actions: inout Actions) {
        lastActivity = now
        actions.deadline = idleDeadline
    }
}
