import Foundation

@testable import Courier
@testable import CourierHTTP1

/// States and events of ``HTTP1ConnectionStateMachine``, enumerated, and a way to reach each
/// state through events alone (so every state walked is one a real connection can be in).
enum MachineFixtures {
    typealias Machine = HTTP1ConnectionStateMachine
    typealias State = Machine.State
    typealias Event = Machine.Event

    static let fullResponse = Array("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok".utf8)
    /// The head of a response whose body is longer than any representative read.
    static let longBodyHead = Array("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n".utf8)
    static let partialHead = Array("HTTP/1.1 2".utf8)
    static let garbage = Array("SMTP ready\r\n\r\n".utf8)

    /// Every state, with each phase of the response.
    static let allStates: [State] =
        [.connecting, .idle, .pooled]
        + Machine.ResponsePhase.allCases.flatMap { phase in
            [State.writing(phase), .writeBlocked(phase), .sent(phase), .awaitingResponse(phase)]
        }
        + [.answered, .delivered, .closed]

    /// A representative of every event (several for bytes, for the parser's outcomes).
    static let allEvents: [Event] = [
        .connected, .requestStarted(.init()), .writeWouldBlock, .writable, .requestSent, .awaitResponse,
        .bytesRead(fullResponse), .bytesRead(partialHead), .bytesRead(garbage), .endOfStream,
        .failed(ConnectionFailure.closedDuringResponse), .timedOut, .idleTimeout, .cancelled,
        .released(reusable: true),
        .released(reusable: false), .leased,
    ]

    /// A machine in `state`, reached by events from a new connection.
    static func machine(in state: State) -> Machine {
        var machine = Machine(connected: state != .connecting)
        for event in path(to: state) { _ = machine.handle(event) }
        return machine
    }

    private static func path(to state: State) -> [Event] {
        let start: [Event] = [.requestStarted(.init())]
        switch state {
        case .connecting, .idle: return []
        case .writing(.awaitingHead): return start
        case .writing(.readingBody): return start + [.bytesRead(longBodyHead)]
        case .writeBlocked(let phase): return path(to: .writing(phase)) + [.writeWouldBlock]
        case .sent(let phase):
            return start + [.requestSent] + (phase == .readingBody ? [.bytesRead(longBodyHead)] : [])
        case .awaitingResponse(let phase): return path(to: .sent(phase)) + [.awaitResponse]
        case .answered: return start + [.requestSent, .bytesRead(fullResponse)]
        case .delivered: return path(to: .answered) + [.awaitResponse]
        case .pooled: return path(to: .delivered) + [.released(reusable: true)]
        case .closed: return [.cancelled]
        }
    }

    /// A short name for test output.
    static func name(_ event: Event) -> String {
        switch event {
        case .bytesRead(let bytes): "bytesRead(\(String(decoding: bytes.prefix(12), as: UTF8.self))…)"
        default: "\(event)"
        }
    }
}
