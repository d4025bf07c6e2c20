import Foundation

@testable import Courier
@testable import CourierHTTP1

/// States and events of ``HTTP1ConnectionStateMachine``, enumerated, and a way to reach each
/// state through events alone (so every state walked is one a real connection can be in).
enum MachineFixtures {
    typealias Machine = HTTP1ConnectionStateMachine
    typealias Event = Machine.Event
    typealias Phase = Machine.ResponsePhase

    /// Where a connection is, its state and its exchange's in one value: the connection's own
    /// states, and each state of the request machine inside `inUse`.
    enum State: Hashable {
        case connecting, idle, pooled
        case writing(Phase)
        case writeBlocked(Phase)
        case sent(Phase)
        case awaitingResponse(Phase)
        case answered, delivered
        case closed
        /// `inUse` without a live exchange: never, in a machine that keeps its laws.
        case broken
    }

    static let fullResponse = Array("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok".utf8)
    /// The head of a response whose body is longer than any representative read.
    static let longBodyHead = Array("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n".utf8)
    static let partialHead = Array("HTTP/1.1 2".utf8)
    static let garbage = Array("SMTP ready\r\n\r\n".utf8)

    /// The handshake's timeout and the exchange's idle timeout of the fixtures.
    static let timeout: UInt64 = 10
    /// When a pooled fixture's idle lifetime ends.
    static let pooledUntil: UInt64 = 50
    /// The rules of the fixtures' requests: a body in memory, an idle timeout.
    static let rules = Machine.ResponseRules(idleTimeout: timeout)

    /// Every state, with each phase of the response.
    static let allStates: [State] =
        [.connecting, .idle, .pooled]
        + Phase.allCases.flatMap { phase in
            [State.writing(phase), .writeBlocked(phase), .sent(phase), .awaitingResponse(phase)]
        }
        + [.answered, .delivered, .closed]

    /// A representative of every event (several for bytes, for the parser's outcomes; a timer
    /// before and after every fixture's deadline).
    static let allEvents: [Event] = [
        .connected, .requestStarted(rules), .writeWouldBlock(at: 0), .writable, .requestSent, .awaitResponse(at: 0),
        .bytesRead(fullResponse, at: 0), .bytesRead(partialHead, at: 0), .bytesRead(garbage, at: 0), .endOfStream,
        .consumerBehind, .consumerCaughtUp(at: 0), .timerFired(now: 5), .timerFired(now: 100),
        .failed(ConnectionFailure.closedDuringResponse), .cancelled,
        .released(reusable: true), .released(reusable: false), .leased,
    ]

    /// A machine in `state`, reached by events from a new connection.
    static func machine(in state: State) -> Machine {
        var machine = Machine(connected: state != .connecting, connectTimeout: timeout)
        for event in path(to: state) { _ = machine.handle(event) }
        return machine
    }

    private static func path(to state: State) -> [Event] {
        let start: [Event] = [.requestStarted(rules)]
        let body: [Event] = [.bytesRead(longBodyHead, at: 0)]
        switch state {
        case .connecting, .idle, .broken: return []
        case .writing(.awaitingHead): return start
        case .writing(.readingBody): return start + body
        case .writing(.bodyPaused): return start + body + [.consumerBehind]
        case .writeBlocked(let phase): return path(to: .writing(phase)) + [.writeWouldBlock(at: 0)]
        case .sent(let phase):
            return start + [.requestSent] + (phase == .awaitingHead ? [] : body)
                + (phase == .bodyPaused ? [.consumerBehind] : [])
        case .awaitingResponse(let phase): return path(to: .sent(phase)) + [.awaitResponse(at: 0)]
        case .answered: return start + [.requestSent, .bytesRead(fullResponse, at: 0)]
        case .delivered: return path(to: .answered) + [.awaitResponse(at: 0)]
        case .pooled: return path(to: .delivered) + [.released(reusable: true, idleUntil: pooledUntil)]
        case .closed: return [.cancelled]
        }
    }

    /// A short name for test output.
    static func name(_ event: Event) -> String {
        switch event {
        case .bytesRead(let bytes, _): "bytesRead(\(String(decoding: bytes.prefix(12), as: UTF8.self))…)"
        default: "\(event)"
        }
    }
}

extension HTTP1ConnectionStateMachine {
    /// Where the connection is, its exchange's state included.
    var position: MachineFixtures.State {
        switch state {
        case .connecting: return .connecting
        case .idle: return .idle
        case .pooled: return .pooled
        case .closed: return .closed
        case .inUse:
            switch request?.state {
            case .writing(let phase): return .writing(phase)
            case .writeBlocked(let phase): return .writeBlocked(phase)
            case .sent(let phase): return .sent(phase)
            case .awaitingResponse(let phase): return .awaitingResponse(phase)
            case .answered: return .answered
            case .delivered: return .delivered
            case .failed, nil: return .broken
            }
        }
    }
}
