import Foundation
import Testing

@testable import Courier
@testable import CourierHTTP1

/// Every event in every state of ``HTTP1ConnectionStateMachine``: the next state is the one this
/// table (written apart from the machine) names, an event the state does not allow closes the
/// connection with ``ConnectionFailure/outOfStep(state:event:)``, and a parked task is always told.
@Suite("Connection state machine, every state and event")
struct ConnectionStateMachineExhaustiveTests {
    typealias State = MachineFixtures.State
    typealias Event = MachineFixtures.Event

    @Test("each state is reached by events")
    func statesReachable() {
        for state in MachineFixtures.allStates {
            #expect(MachineFixtures.machine(in: state).state == state)
        }
    }

    @Test("every (state, event) pair ends in the expected state, with a typed failure when closed")
    func everyPair() {
        for state in MachineFixtures.allStates {
            for event in MachineFixtures.allEvents {
                var machine = MachineFixtures.machine(in: state)
                let actions = machine.handle(event)
                let label = "\(state) + \(MachineFixtures.name(event))"
                #expect(machine.state == Self.expected(state, event), "\(label)")
                let illegal = Self.isIllegal(state, event)
                let outOfStep: Bool
                if case .outOfStep = machine.failure as? ConnectionFailure {
                    outOfStep = true
                } else {
                    outOfStep = false
                }
                #expect(outOfStep == illegal, "\(label): out of step is \(outOfStep)")
                if machine.state == .closed {
                    #expect(machine.failure != nil, "\(label): closed without a reason")
                    #expect((actions.close != nil) == (state != .closed), "\(label): close action")
                    #expect(!machine.isReusable)
                } else {
                    #expect(actions.close == nil, "\(label)")
                }
                Self.expectParkedTaskTold(state, machine.state, actions, label)
            }
        }
    }

    /// A task parked in `before` hears of the close: its continuation would hang otherwise.
    private static func expectParkedTaskTold(
        _ before: State, _ after: State, _ actions: HTTP1ConnectionStateMachine.Actions, _ label: String
    ) {
        guard after == .closed, before != .closed else { return }
        switch before {
        case .connecting, .writeBlocked:
            if case .failed = actions.writer {} else { Issue.record("\(label): parked writer not failed") }
        case .awaitingResponse:
            if case .failure = actions.response {} else { Issue.record("\(label): parked waiter not failed") }
        default: break
        }
    }

    /// Events a state does not allow (closed allows every event, and ignores it).
    static func isIllegal(_ state: State, _ event: Event) -> Bool {
        if state == .closed { return false }
        switch (event, state) {
        case (.connected, .connecting): return false
        case (.connected, _): return true
        case (.requestStarted, .idle): return false
        case (.requestStarted, _): return true
        case (.writeWouldBlock, .writing), (.writeWouldBlock, .connecting), (.writeWouldBlock, .answered):
            return false
        case (.writeWouldBlock, _): return true
        case (.requestSent, .writing), (.requestSent, .answered): return false
        case (.requestSent, _): return true
        case (.awaitResponse, .sent), (.awaitResponse, .answered): return false
        case (.awaitResponse, _): return true
        case (.released(reusable: true), .delivered): return false
        case (.released(reusable: true), _): return true
        case (.leased, .pooled): return false
        case (.leased, _): return true
        case (.bytesRead, .connecting): return true
        default: return false
        }
    }

    /// The state after `event` in `state`, as the design says.
    static func expected(_ state: State, _ event: Event) -> State {
        if state == .closed || isIllegal(state, event) { return .closed }
        switch event {
        case .cancelled, .released(reusable: false): return .closed
        case .connected: return .idle
        case .requestStarted: return .writing(.awaitingHead)
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
        case .bytesRead(let bytes): return afterBytes(bytes, in: state)
        case .endOfStream: return state == .answered ? .answered : .closed
        case .failed: return .closed
        case .timedOut:
            return [
                .connecting, .writeBlocked(.awaitingHead), .writeBlocked(.readingBody),
                .awaitingResponse(.awaitingHead), .awaitingResponse(.readingBody),
            ].contains(state) ? .closed : state
        case .idleTimeout: return state == .pooled ? .closed : state
        case .released: return .pooled
        case .leased: return .idle
        }
    }

    private static func afterBytes(_ bytes: [UInt8], in state: State) -> State {
        switch state {
        case .idle, .pooled, .delivered, .connecting: return .closed
        case .answered: return .answered
        case .writing(.readingBody), .writeBlocked(.readingBody), .sent(.readingBody),
            .awaitingResponse(.readingBody):
            return state  // Any of the representative reads is part of a longer body.
        default:
            if bytes == MachineFixtures.garbage { return .closed }
            if bytes == MachineFixtures.partialHead { return state }
            return state == .awaitingResponse(.awaitingHead) ? .delivered : .answered
        }
    }
}
