/// Demand and time: reading pauses while the body's sink is behind and resumes when it caught up;
/// the idle clock fails the exchange when no byte moved for the timeout while a task is parked.
extension HTTP1RequestStateMachine {
    /// The sink is behind: reading stops until ``consumerCaughtUp(at:_:)``.
    mutating func consumerBehind(_ actions: inout Actions) {
        switch state {
        case .writing(.readingBody): state = .writing(.bodyPaused)
        case .writeBlocked(.readingBody): state = .writeBlocked(.bodyPaused)
        case .sent(.readingBody): state = .sent(.bodyPaused)
        case .awaitingResponse(.readingBody): state = .awaitingResponse(.bodyPaused)
        case .writing(.bodyPaused), .writeBlocked(.bodyPaused), .sent(.bodyPaused), .awaitingResponse(.bodyPaused):
            break
        // The read that filled the sink also completed the response, or ended the exchange.
        case .answered, .delivered, .failed: break
        case .writing(.awaitingHead), .writeBlocked(.awaitingHead), .sent(.awaitingHead),
            .awaitingResponse(.awaitingHead):
            // No body yet, so no sink to be behind.
            outOfStep("consumerBehind", &actions)
        }
    }

    /// The sink caught up at `now`: reading goes on, and the wait counts as activity. A sink
    /// that catches up when reading is not paused (late, for an exchange that ended) changes
    /// nothing.
    mutating func consumerCaughtUp(at now: UInt64, _ actions: inout Actions) {
        switch state {
        case .writing(.bodyPaused): state = .writing(.readingBody)
        case .writeBlocked(.bodyPaused): state = .writeBlocked(.readingBody)
        case .sent(.bodyPaused): state = .sent(.readingBody)
        case .awaitingResponse(.bodyPaused): state = .awaitingResponse(.readingBody)
        default: return
        }
        lastActivity = now
        actions.resumeReading = true
    }

    /// A timer fired at `now`: the exchange times out when its idle clock ran out, and otherwise
    /// says when to look again. A paused read does not stop the clock: a sink stuck for the whole
    /// timeout is as stuck as a silent server.
    mutating func timerFired(now: UInt64, _ actions: inout Actions) {
        guard let deadline = idleDeadline else { return }
        if now >= deadline {
            fail(ConnectionFailure.timedOut, &actions)
        } else {
            actions.deadline = deadline
        }
    }
}
