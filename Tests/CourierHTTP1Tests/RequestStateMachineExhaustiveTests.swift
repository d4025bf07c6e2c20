import Foundation
import Testing

@testable import Courier
@testable import CourierHTTP1

/// Every event in every state of ``HTTP1RequestStateMachine``: the next state is the one this
/// table (written apart from the machine) names, an event the state does not allow fails the
/// exchange with ``ConnectionFailure/outOfStep(state:event:)`` (never a crash), a parked task is
/// always told, and the connection is told to close exactly once.
@Suite("Request state machine, every state and event")
struct RequestStateMachineExhaustiveTests {
    typealias State = RequestFixtures.State
    typealias Event = RequestFixtures.Event
    typealias Phase = RequestFixtures.Phase

    @Test("each state is reached by events")
    func statesReachable() {
        for state in RequestFixtures.allStates {
            #expect(RequestFixtures.machine(in: state).state == state)
        }
    }

    @Test("every (state, event) pair ends in the expected state, with a typed failure when out of step")
    func everyPair() {
        for state in RequestFixtures.allStates {
            for event in RequestFixtures.allEvents {
                var machine = RequestFixtures.machine(in: state)
                let actions = machine.handle(event)
                let label = "\(state) + \(RequestFixtures.name(event))"
                #expect(machine.state == Self.expected(state, event), "\(label)")
                var outOfStep = false
                if state != .failed, case .outOfStep = machine.failure as? ConnectionFailure { outOfStep = true }
                #expect(outOfStep == Self.isIllegal(state, event), "\(label): out of step is \(outOfStep)")
                Self.expectClose(state, machine, actions, label)
                Self.expectParkedTaskTold(state, machine.state, actions, label)
                Self.expectClock(state, event, actions, label)
                #expect(actions.resumeReading == Self.resumes(state, event), "\(label): resume reading")
                #expect(machine.readsInput == (machine.state != .failed && machine.phase != .bodyPaused), "\(label)")
            }
        }
    }

    @Test("a timer past the idle deadline fails a parked exchange as timed out")
    func timerFailure() {
        for state in RequestFixtures.allStates where state != .failed {
            var machine = RequestFixtures.machine(in: state)
            _ = machine.handle(.timerFired(now: RequestFixtures.timeout))
            #expect((machine.failure as? ConnectionFailure == .timedOut) == Self.parked(state), "\(state)")
        }
    }

    /// The connection closes when, and only when, the exchange fails here; a failed exchange says
    /// nothing more.
    private static func expectClose(
        _ before: State, _ machine: HTTP1RequestStateMachine, _ actions: HTTP1RequestStateMachine.Actions,
        _ label: String
    ) {
        if machine.state == .failed {
            #expect(machine.failure != nil, "\(label): failed without a reason")
            #expect((actions.close != nil) == (before != .failed), "\(label): close action")
            #expect(!machine.isReusable, "\(label)")
            #expect(
                machine.parser == nil && machine.answer == nil && machine.collector.data.isEmpty, "\(label): kept bytes"
            )
        } else {
            #expect(actions.close == nil, "\(label)")
        }
    }

    /// A task parked in `before` hears of the failure: its continuation would hang otherwise.
    private static func expectParkedTaskTold(
        _ before: State, _ after: State, _ actions: HTTP1RequestStateMachine.Actions, _ label: String
    ) {
        guard after == .failed, before != .failed else { return }
        switch before {
        case .writeBlocked:
            if case .failed = actions.writer {} else { Issue.record("\(label): parked writer not failed") }
        case .awaitingResponse:
            if case .failure = actions.response {} else { Issue.record("\(label): parked waiter not failed") }
        default: break
        }
    }

    /// A task that parks arms the idle timer; a timer before the deadline arms it again.
    private static func expectClock(
        _ before: State, _ event: Event, _ actions: HTTP1RequestStateMachine.Actions, _ label: String
    ) {
        let arms: Bool
        switch (event, before) {
        case (.writeWouldBlock, .writing), (.awaitResponse, .sent): arms = true
        case (.timerFired(let now), _):
            arms = now < RequestFixtures.timeout && phase(of: before) != nil && parked(before)
        default: arms = false
        }
        #expect(
            (actions.deadline == RequestFixtures.timeout) == arms,
            "\(label): deadline \(String(describing: actions.deadline))")
    }

    /// Whether a task is parked in `state`.
    static func parked(_ state: State) -> Bool {
        switch state {
        case .writeBlocked, .awaitingResponse: true
        default: false
        }
    }

    /// Events a state does not allow (a failed exchange allows every event, and ignores it).
    static func isIllegal(_ state: State, _ event: Event) -> Bool {
        if state == .failed { return false }
        switch (event, state) {
        case (.writeWouldBlock, .writing), (.writeWouldBlock, .answered): return false
        case (.writeWouldBlock, _): return true
        case (.requestSent, .writing), (.requestSent, .answered): return false
        case (.requestSent, _): return true
        case (.awaitResponse, .sent), (.awaitResponse, .answered): return false
        case (.awaitResponse, _): return true
        case (.consumerBehind, _): return phase(of: state) == .awaitingHead
        default: return false
        }
    }

    /// Whether `event` in `state` lets reading go on.
    static func resumes(_ state: State, _ event: Event) -> Bool {
        guard case .consumerCaughtUp = event else { return false }
        return phase(of: state) == .bodyPaused
    }

    /// The state after `event` in `state`, as the design says.
    static func expected(_ state: State, _ event: Event) -> State {
        if state == .failed || isIllegal(state, event) { return .failed }
        switch event {
        case .failed, .cancelled: return .failed
        case .writeWouldBlock:
            if case .writing(let phase) = state { return .writeBlocked(phase) }
            return state
        case .writable:
            if case .writeBlocked(let phase) = state { return .writing(phase) }
            return state
        case .requestSent:
            if case .writing(let phase) = state { return .sent(phase) }
            return state
        case .awaitResponse:
            if case .sent(let phase) = state { return .awaitingResponse(phase) }
            return .delivered
        case .bytesRead(let bytes, _): return afterBytes(bytes, in: state)
        case .endOfStream: return state == .answered ? .answered : .failed
        case .consumerBehind: return withPhase(state) { $0 == .readingBody ? .bodyPaused : $0 }
        case .consumerCaughtUp: return withPhase(state) { $0 == .bodyPaused ? .readingBody : $0 }
        case .timerFired(let now): return now >= RequestFixtures.timeout && parked(state) ? .failed : state
        }
    }

    private static func afterBytes(_ bytes: [UInt8], in state: State) -> State {
        switch state {
        case .answered: return .answered
        case .delivered: return .failed  // An answer nobody asked for.
        case _ where phase(of: state) != .awaitingHead:
            return state  // Any of the representative reads is part of a longer body.
        default:
            if bytes == RequestFixtures.partialHead { return state }
            if bytes != RequestFixtures.fullResponse { return .failed }  // Not HTTP.
            if case .awaitingResponse = state { return .delivered }
            return .answered
        }
    }

    /// The response phase of `state`, `nil` once the response is complete or failed.
    static func phase(of state: State) -> Phase? {
        switch state {
        case .writing(let phase), .writeBlocked(let phase), .sent(let phase), .awaitingResponse(let phase): phase
        case .answered, .delivered, .failed: nil
        }
    }

    /// `state` with its response phase changed by `change` (the same state when it has none).
    static func withPhase(_ state: State, _ change: (Phase) -> Phase) -> State {
        switch state {
        case .writing(let phase): .writing(change(phase))
        case .writeBlocked(let phase): .writeBlocked(change(phase))
        case .sent(let phase): .sent(change(phase))
        case .awaitingResponse(let phase): .awaitingResponse(change(phase))
        case .answered, .delivered, .failed: state
        }
    }
}
