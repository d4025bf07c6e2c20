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
            #expect(MachineFixtures.machine(in: state).position == state)
        }
    }

    @Test("every (state, event) pair ends in the expected state, with a typed failure when closed")
    func everyPair() {
        for state in MachineFixtures.allStates {
            for event in MachineFixtures.allEvents {
                var machine = MachineFixtures.machine(in: state)
                let actions = machine.handle(event)
                let label = "\(state) + \(MachineFixtures.name(event))"
                #expect(machine.position == Self.expected(state, event), "\(label)")
                let illegal = Self.isIllegal(state, event)
                let outOfStep: Bool
                if case .outOfStep = machine.failure as? ConnectionFailure {
                    outOfStep = true
                } else {
                    outOfStep = false
                }
                #expect(outOfStep == illegal, "\(label): out of step is \(outOfStep)")
                if machine.position == .closed {
                    #expect(machine.failure != nil, "\(label): closed without a reason")
                    #expect((actions.close != nil) == (state != .closed), "\(label): close action")
                    #expect(!machine.isReusable)
                } else {
                    #expect(actions.close == nil, "\(label)")
                }
                Self.expectParkedTaskTold(state, machine.position, actions, label)
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
        case (.released(reusable: true, _), .delivered): return false
        case (.released(reusable: true, _), _): return true
        case (.leased, .pooled): return false
        case (.leased, _): return true
        case (.bytesRead, .connecting): return true
        case (.consumerBehind, .connecting), (.consumerBehind, .idle), (.consumerBehind, .pooled): return true
        case (.consumerBehind, _): return phase(of: state) == .awaitingHead
        default: return false
        }
    }

    /// The state after `event` in `state`, as the design says.
    static func expected(_ state: State, _ event: Event) -> State {
        if state == .closed || isIllegal(state, event) { return .closed }
        switch event {
        case .cancelled, .released(reusable: false, _): return .closed
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
        case .bytesRead(let bytes, _): return afterBytes(bytes, in: state)
        case .endOfStream: return state == .answered ? .answered : .closed
        case .failed: return .closed
        case .timerFired(let now):
            // Every fixture's deadline falls between the two representative timers.
            guard now > MachineFixtures.pooledUntil else { return state }
            switch state {
            case .connecting, .writeBlocked, .awaitingResponse, .pooled: return .closed
            default: return state
            }
        case .consumerBehind:
            return withPhase(state) { $0 == .readingBody ? .bodyPaused : $0 }
        case .consumerCaughtUp:
            return withPhase(state) { $0 == .bodyPaused ? .readingBody : $0 }
        case .released: return .pooled
        case .leased: return .idle
        }
    }

    /// The response phase of an exchange's state, `nil` for the others.
    static func phase(of state: State) -> MachineFixtures.Phase? {
        switch state {
        case .writing(let phase), .writeBlocked(let phase), .sent(let phase), .awaitingResponse(let phase): phase
        default: nil
        }
    }

    /// `state` with its response phase changed by `change` (the same state when it has none).
    static func withPhase(_ state: State, _ change: (MachineFixtures.Phase) -> MachineFixtures.Phase) -> State {
        switch state {
        case .writing(let phase): .writing(change(phase))
        case .writeBlocked(let phase): .writeBlocked(change(phase))
        case .sent(let phase): .sent(change(phase))
        case .awaitingResponse(let phase): .awaitingResponse(change(phase))
        default: state
        }
    }

    private static func afterBytes(_ bytes: [UInt8], in state: State) -> State {
        switch state {
        case .idle, .pooled, .delivered, .connecting: return .closed
        case .answered: return .answered
        case _ where phase(of: state) != .awaitingHead:
            return state  // Any of the representative reads is part of a longer body.
        default:
            if bytes == MachineFixtures.garbage { return .closed }
            if bytes == MachineFixtures.partialHead { return state }
            return state == .awaitingResponse(.awaitingHead) ? .delivered : .answered
        }
    }
}
