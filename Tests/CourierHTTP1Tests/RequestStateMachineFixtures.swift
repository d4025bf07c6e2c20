import Foundation

@testable import Courier
@testable import CourierHTTP1

/// States and events of ``HTTP1RequestStateMachine``, enumerated, and a way to reach each state
/// through events alone (so every state walked is one a real exchange can be in).
enum RequestFixtures {
    typealias Machine = HTTP1RequestStateMachine
    typealias State = Machine.State
    typealias Event = Machine.Event
    typealias Phase = Machine.ResponsePhase

    static let fullResponse = Array("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok".utf8)
    /// The head of a response whose body is longer than any representative read.
    static let longBodyHead = Array("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n".utf8)
    static let partialHead = Array("HTTP/1.1 2".utf8)
    static let garbage = Array("SMTP ready\r\n\r\n".utf8)
    static let bodyBytes = Array("0123456789".utf8)

    /// The idle timeout of the fixtures' exchanges; every fixture parks at time 0.
    static let timeout: UInt64 = 10
    /// The fixtures' rules: the body goes to a sink (so reading can pause), an idle timeout.
    static let rules = Machine.ResponseRules(bodyToFile: true, idleTimeout: timeout)

    /// Every state, with each phase of the response.
    static let allStates: [State] =
        Phase.allCases.flatMap { phase in
            [State.writing(phase), .writeBlocked(phase), .sent(phase), .awaitingResponse(phase)]
        } + [.answered, .delivered, .failed]

    /// A representative of every event (several for bytes, for the parser's outcomes; a timer
    /// before and after the idle deadline).
    static let allEvents: [Event] = [
        .writeWouldBlock(at: 0), .writable, .requestSent, .awaitResponse(at: 0),
        .bytesRead(fullResponse, at: 0), .bytesRead(partialHead, at: 0), .bytesRead(garbage, at: 0),
        .bytesRead(bodyBytes, at: 0), .endOfStream, .consumerBehind, .consumerCaughtUp(at: 0),
        .timerFired(now: timeout - 1), .timerFired(now: timeout), .failed(ConnectionFailure.closedDuringResponse),
        .cancelled,
    ]

    /// A machine in `state`, reached by events from a new exchange.
    static func machine(in state: State) -> Machine {
        var machine = Machine(rules: rules)
        for event in path(to: state) { _ = machine.handle(event) }
        return machine
    }

    /// The events from a new exchange to `state`.
    static func path(to state: State) -> [Event] {
        let body: [Event] = [.bytesRead(longBodyHead, at: 0)]
        func phase(_ phase: Phase) -> [Event] {
            switch phase {
            case .awaitingHead: []
            case .readingBody: body
            case .bodyPaused: body + [.consumerBehind]
            }
        }
        switch state {
        case .writing(let p): return phase(p)
        case .writeBlocked(let p): return phase(p) + [.writeWouldBlock(at: 0)]
        case .sent(let p): return [.requestSent] + phase(p)
        case .awaitingResponse(let p): return [.requestSent] + phase(p) + [.awaitResponse(at: 0)]
        case .answered: return [.requestSent, .bytesRead(fullResponse, at: 0)]
        case .delivered: return path(to: .answered) + [.awaitResponse(at: 0)]
        case .failed: return [.cancelled]
        }
    }

    /// A short name for test output.
    static func name(_ event: Event) -> String {
        switch event {
        case .bytesRead(let bytes, _): "bytesRead(\(String(decoding: bytes.prefix(12), as: UTF8.self))…)"
        default: "\(event)"
        }
    }

    /// Bytes of `text`, read at `now`.
    static func bytes(_ text: String, at now: UInt64 = 0) -> Event { .bytesRead(Array(text.utf8), at: now) }

    /// The response an action hands over, if it succeeded.
    static func delivered(_ actions: Machine.Actions) -> ReceivedResponse? {
        guard case .success(let response) = actions.response else { return nil }
        return response
    }

    /// The error an action fails the response waiter with.
    static func failure(_ actions: Machine.Actions) -> (any Error)? {
        guard case .failure(let error) = actions.response else { return nil }
        return error
    }
}
