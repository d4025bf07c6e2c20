import Foundation
import Testing

@testable import Courier
@testable import CourierHTTP1

/// Random sequences of events on ``HTTP1RequestStateMachine``, played by a simulated task (it
/// writes, parks, asks for the response), a server (it sends a scripted answer in pieces of
/// random size, or closes), a sink that falls behind and catches up, and a clock: after each
/// event the machine's laws hold, and at the end every parked task was told exactly once.
@Suite("Request state machine, random sequences")
struct RequestStateMachineRandomTests {
    typealias Machine = HTTP1RequestStateMachine
    typealias Generator = PoolStateMachineRandomTests.Generator

    /// A server's answer: its bytes, the body the task should get, and whether the request is `HEAD`.
    struct Script {
        var bytes: [UInt8]
        var body: Data?
        var isHEAD = false
        /// Whether the body ends with the connection, so a server that closes early cuts it short.
        var endsWithClose = false
    }

    static let scripts: [Script] = {
        var scripts = [
            Script(
                bytes: Array("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n0123456789".utf8),
                body: Data("0123456789".utf8)),
            Script(
                bytes: Array(
                    "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4\r\n0123\r\n6\r\n456789\r\n0\r\n\r\n".utf8),
                body: Data("0123456789".utf8)),
            Script(
                bytes: Array("HTTP/1.1 200 OK\r\n\r\n0123456789".utf8), body: Data("0123456789".utf8),
                endsWithClose: true),
            Script(bytes: Array("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 204 No Content\r\n\r\n".utf8), body: Data()),
            Script(bytes: Array("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n".utf8), body: Data(), isHEAD: true),
            Script(bytes: Array("SMTP ready\r\n\r\n".utf8), body: nil),
            Script(
                bytes: Array("HTTP/1.1 413 Too Large\r\nConnection: close\r\nContent-Length: 0\r\n\r\n".utf8),
                body: Data()),
        ]
        let gzipHead =
            "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: \(CompressedFixtures.gzip.count)\r\n\r\n"
        scripts.append(
            Script(bytes: Array(gzipHead.utf8) + Array(CompressedFixtures.gzip), body: CompressedFixtures.gzip))
        return scripts
    }()

    /// What the simulated task, server and sink hold, as the machine's actions left them.
    struct World {
        var writerParked = false
        var writerDone = false
        var asked = false
        var responderParked = false
        var responses = 0
        var result: Result<ReceivedResponse, any Error>?
        var closes = 0
        var sink = Data()
        var sent = 0
        var serverClosed = false
        var now: UInt64 = 0
        var deadline: UInt64?

        /// Takes what the machine answered to `event`; `label` names the step in a failure.
        mutating func take(_ actions: Machine.Actions, after event: Machine.Event, _ label: String) {
            if let outcome = actions.writer {
                #expect(writerParked, "\(label): a writer told \(outcome) was not parked")
                writerParked = false
                if case .proceed = outcome {} else { writerDone = true }
            }
            if let result = actions.response {
                #expect(responderParked, "\(label): a response for a task that did not ask")
                responderParked = false
                responses += 1
                self.result = result
            }
            if let bytes = actions.fileBytes { sink.append(bytes) }
            if actions.close != nil { closes += 1 }
            if let deadline = actions.deadline { self.deadline = deadline }
        }
    }

    @Test("random events keep the laws, and every parked task is told once, seed by seed", arguments: 0..<100)
    func randomSequence(seed: UInt64) {
        var random = Generator(state: seed)
        let script = Self.scripts[Int.random(in: 0..<Self.scripts.count, using: &random)]
        let rules = Machine.ResponseRules(
            isResponseToHEAD: script.isHEAD, maximumSize: [nil, 5, 100_000].randomElement(using: &random) ?? nil,
            bodyToFile: Bool.random(using: &random),
            idleTimeout: [nil, 20, 200].randomElement(using: &random) ?? nil,
            idleTimeoutEndsWithHead: Bool.random(using: &random))
        var machine = Machine(rules: rules)
        var world = World()
        var behind = false
        for step in 0..<400 {
            let label = "seed \(seed) step \(step)"
            let event: Machine.Event
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<20 where !world.writerDone && !world.writerParked:
                switch machine.writePermission {
                case .proceed: event = Bool.random(using: &random) ? .writeWouldBlock(at: world.now) : .requestSent
                case .answered, .failed:
                    world.writerDone = true
                    continue
                }
            case 20..<30 where world.writerParked: event = .writable
            case 30..<40 where world.writerDone && !world.asked: event = .awaitResponse(at: world.now)
            case 40..<70 where machine.readsInput && world.sent < script.bytes.count && !world.serverClosed:
                let count = Int.random(in: 1...max(1, script.bytes.count - world.sent), using: &random)
                event = .bytesRead(Array(script.bytes[world.sent..<world.sent + count]), at: world.now)
                world.sent += count
            case 70..<72 where !world.serverClosed && machine.readsInput:
                world.serverClosed = true
                event = .endOfStream
            case 73..<80 where behind: event = .consumerBehind
            case 80..<85: event = .consumerCaughtUp(at: world.now)
            case 85..<97:
                world.now += UInt64.random(in: 0...30, using: &random)
                event = .timerFired(now: world.now)
            case 97..<99:
                event = Bool.random(using: &random) ? .cancelled : .failed(ConnectionFailure.fileWriteFailed(5))
            default: continue
            }
            if case .writeWouldBlock = event { world.writerParked = true }
            if case .requestSent = event { world.writerDone = true }
            if case .awaitResponse = event {
                world.asked = true
                world.responderParked = true
            }
            let before = machine.state
            let actions = machine.handle(event)
            behind = actions.fileBytes != nil
            world.take(actions, after: event, label)
            Self.checkLaws(machine, world, rules, before: before, event: event, label)
            if world.responses > 0, world.closes > 0 || machine.state == .delivered, Bool.random(using: &random) {
                break
            }
        }
        // The server ends the exchange, the task asks: nothing is left hanging.
        var closing = [Machine.Event.writable, .requestSent, .endOfStream, .awaitResponse(at: world.now)]
        if world.asked { closing.removeLast() }
        for event in closing {
            if case .requestSent = event, world.writerParked || world.writerDone { continue }
            // Over is over: an end after the answer would close a connection that may be reused.
            if case .endOfStream = event, machine.phase == nil { continue }
            if case .awaitResponse = event { world.responderParked = true }
            world.take(machine.handle(event), after: event, "seed \(seed) end")
        }
        #expect(!world.writerParked && !world.responderParked, "seed \(seed): a parked task never told")
        #expect(machine.state == .delivered || machine.state == .failed, "seed \(seed): ends in \(machine.state)")
        #expect(world.responses == 1, "seed \(seed): \(world.responses) responses")
        Self.checkResult(machine, world, script, rules, "seed \(seed)")
    }

    /// What holds after every event.
    static func checkLaws(
        _ machine: Machine, _ world: World, _ rules: Machine.ResponseRules, before: Machine.State,
        event: Machine.Event, _ label: String
    ) {
        #expect((machine.state == .failed) == (machine.failure != nil), "\(label): failure and state disagree")
        #expect(world.closes == (machine.state == .failed ? 1 : 0), "\(label): closed \(world.closes) times")
        #expect(world.responses <= 1, "\(label): \(world.responses) responses")
        if case .awaitingResponse = machine.state {
            #expect(world.responderParked, "\(label): awaiting with nobody parked")
        } else {
            #expect(!world.responderParked, "\(label): a parked task left in \(machine.state)")
        }
        if case .writeBlocked = machine.state {
            #expect(world.writerParked, "\(label)")
        } else {
            #expect(!world.writerParked, "\(label): a parked writer left in \(machine.state)")
        }
        #expect(machine.readsInput == (machine.state != .failed && machine.phase != .bodyPaused), "\(label)")
        if let limit = rules.maximumSize, machine.state != .failed {
            #expect(
                machine.collector.count <= limit, "\(label): \(machine.collector.count) bytes past the limit \(limit)")
        }
        if rules.bodyToFile { #expect(machine.collector.data.isEmpty, "\(label): a sink's body kept in memory") }
        if rules.idleTimeout == nil { #expect(world.deadline == nil, "\(label): a deadline without a timeout") }
        if machine.isReusable { #expect(machine.state == .delivered) }
        if case .timedOut? = machine.failure as? ConnectionFailure, case .timerFired(let now) = event,
            before != .failed
        {
            let timeout = rules.idleTimeout ?? .max
            #expect(now - machine.lastActivity >= timeout, "\(label): timed out early")
        }
    }

    /// The task's result is the script's body, or a failure when the script or the limit says so.
    static func checkResult(
        _ machine: Machine, _ world: World, _ script: Script, _ rules: Machine.ResponseRules, _ label: String
    ) {
        guard case .success(let response)? = world.result else { return }
        guard let body = script.body else {
            Issue.record("\(label): an answer that is not HTTP succeeded")
            return
        }
        let got = rules.bodyToFile ? world.sink : response.body
        if script.endsWithClose {
            #expect(body.starts(with: got), "\(label): body \(got.count) bytes, not a prefix of the script's")
        } else {
            #expect(got == body, "\(label): body \(got.count) bytes, not \(body.count)")
        }
        if let limit = rules.maximumSize { #expect(Int64(body.count) <= limit, "\(label): over the limit") }
        #expect(!response.reusable || world.sent == script.bytes.count, "\(label): reusable with bytes unread")
    }
}
