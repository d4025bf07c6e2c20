import Foundation
import Testing

@testable import Courier
@testable import CourierHTTP1

/// The odd cases of ``HTTP1ConnectionStateMachine``, one by one.
@Suite("Connection state machine")
struct ConnectionStateMachineTests {
    typealias Machine = HTTP1ConnectionStateMachine

    private func bytes(_ text: String) -> Machine.Event { .bytesRead(Array(text.utf8), at: 0) }

    /// A machine that has written a request (`rules`) and waits for its answer.
    private func waiting(_ rules: Machine.ResponseRules = .init()) -> Machine {
        var machine = Machine(connected: true)
        _ = machine.handle(.requestStarted(rules))
        _ = machine.handle(.requestSent)
        _ = machine.handle(.awaitResponse(at: 0))
        return machine
    }

    private func delivered(_ actions: Machine.Actions) -> ReceivedResponse? {
        guard case .success(let response) = actions.response else { return nil }
        return response
    }

    @Test("a keep-alive answer goes to the parked task, and the connection goes round the pool")
    func keepAliveCycle() {
        var machine = waiting()
        #expect(machine.clock == .exchange)
        let actions = machine.handle(bytes("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"))
        #expect(delivered(actions)?.body == Data("ok".utf8))
        #expect(delivered(actions)?.reusable == true)
        #expect(machine.position == .delivered)
        _ = machine.handle(.released(reusable: true))
        #expect(machine.state == .pooled)
        #expect(machine.clock == .pool)
        _ = machine.handle(.leased)
        _ = machine.handle(.requestStarted(.init()))
        #expect(machine.position == .writing(.awaitingHead))
    }

    @Test("bytes on an idle or pooled connection close it: a stale answer is never reused")
    func bytesWhileIdle() {
        for state in [MachineFixtures.State.idle, .pooled] {
            var machine = MachineFixtures.machine(in: state)
            let actions = machine.handle(bytes("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n"))
            #expect(machine.state == .closed)
            #expect(actions.close as? ConnectionFailure == .closedBeforeResponse)
            #expect(!machine.isReusable)
            #expect(machine.handle(.leased).rejection != nil)
        }
    }

    @Test("the end of the stream before or in the head fails the waiting task, before or during the response")
    func endOfStreamInHead() {
        var silent = waiting()
        #expect(silent.handle(.endOfStream).response.map { Self.failure($0) } == .closedBeforeResponse)
        var cut = waiting()
        _ = cut.handle(bytes("HTTP/1.1 200 OK\r\nContent-"))
        #expect(cut.handle(.endOfStream).response.map { Self.failure($0) } == .closedDuringResponse)
        #expect(cut.state == .closed)
    }

    @Test("the end of the stream in a body of known length fails; it ends a body framed by the close")
    func endOfStreamInBody() {
        var cut = waiting()
        _ = cut.handle(bytes("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc"))
        #expect(cut.position == .awaitingResponse(.readingBody))
        #expect(cut.handle(.endOfStream).response.map { Self.failure($0) } == .closedDuringResponse)
        var untilClose = waiting()
        _ = untilClose.handle(bytes("HTTP/1.1 200 OK\r\n\r\nabc"))
        let response = delivered(untilClose.handle(.endOfStream))
        #expect(response?.body == Data("abc".utf8))
        #expect(response?.reusable == false)
    }

    @Test("a complete answer while the request is written stops the writer, is the answer, and ends reuse")
    func earlyAnswer() {
        var machine = Machine(connected: true)
        _ = machine.handle(.requestStarted(.init()))
        _ = machine.handle(.writeWouldBlock(at: 0))
        let actions = machine.handle(bytes("HTTP/1.1 413 Too Large\r\nContent-Length: 0\r\n\r\n"))
        guard case .answered = actions.writer else {
            Issue.record("the parked writer is not told to stop")
            return
        }
        #expect(machine.position == .answered)
        guard case .answered = machine.writePermission else {
            Issue.record("a writer that comes back may write on")
            return
        }
        // The server closes, or resets, without reading the rest: the answer stands.
        #expect(machine.handle(.endOfStream).close == nil)
        #expect(machine.handle(.bytesRead([0x48], at: 0)).close == nil)
        _ = machine.handle(.requestSent)
        let response = delivered(machine.handle(.awaitResponse(at: 0)))
        #expect(response?.head.status == 413)
        #expect(response?.reusable == false)
    }

    @Test("a 100 Continue is skipped; the final answer after it is the response")
    func continueThenAnswer() {
        var machine = waiting()
        #expect(machine.handle(bytes("HTTP/1.1 100 Continue\r\n\r\n")).response == nil)
        #expect(machine.position == .awaitingResponse(.awaitingHead))
        let response = delivered(machine.handle(bytes("HTTP/1.1 201 Created\r\nContent-Length: 0\r\n\r\n")))
        #expect(response?.head.status == 201)
        #expect(response?.reusable == true)
    }

    @Test("a Connection: close answer is not reusable, and releasing it closes the connection")
    func connectionClose() {
        var machine = waiting()
        let response = delivered(
            machine.handle(bytes("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\n")))
        #expect(response?.reusable == false)
        #expect(machine.handle(.released(reusable: true)).close != nil)
        #expect(machine.state == .closed)
    }

    @Test("a connection the server closed after its answer is closed when released, not pooled")
    func closedAfterAnswer() {
        var machine = waiting()
        _ = machine.handle(bytes("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n"))
        var stray = machine
        #expect(machine.handle(.endOfStream).close != nil)
        #expect(machine.handle(.released(reusable: true)).close == nil)
        #expect(machine.state == .closed)
        stray.request?.mayReuse = false
        #expect(stray.handle(.released(reusable: true)).close as? ConnectionFailure == .closedBeforeResponse)
    }

    @Test("HEAD, 204 and 304 answers with a Content-Length have no body to read")
    func bodilessAnswers() {
        let cases: [(Bool, String)] = [
            (true, "HTTP/1.1 200 OK\r\nContent-Length: 50\r\n\r\n"),
            (false, "HTTP/1.1 204 No Content\r\nContent-Length: 50\r\n\r\n"),
            (false, "HTTP/1.1 304 Not Modified\r\nContent-Length: 50\r\n\r\n"),
        ]
        for (isHEAD, answer) in cases {
            var machine = waiting(.init(isResponseToHEAD: isHEAD))
            let response = delivered(machine.handle(bytes(answer)))
            #expect(response?.body.isEmpty == true)
            #expect(response?.reusable == true)
        }
    }

    @Test("bytes past a complete answer end reuse; the answer stands")
    func extraBytes() {
        var machine = waiting()
        let response = delivered(
            machine.handle(bytes("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\nHTTP/1.1 200 OK\r\n")))
        #expect(response?.reusable == false)
    }

    @Test("a body over the limit fails as too large; a malformed answer as the parse error")
    func failures() {
        var large = waiting(.init(maximumSize: 4))
        let tooLarge = large.handle(bytes("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n"))
        guard case .failure(let error) = tooLarge.response else {
            Issue.record("no failure")
            return
        }
        #expect(error as? TransportError == .responseTooLarge(limit: 4))
        var garbage = waiting()
        guard case .failure(let parse) = garbage.handle(bytes("SMTP\r\n\r\n")).response else {
            Issue.record("no failure")
            return
        }
        #expect(parse is HTTPParseError)
    }

    @Test("a download's bytes go to the file action, with progress, never to memory")
    func download() {
        var machine = waiting(.init(bodyToFile: true, reportsProgress: true))
        let head = machine.handle(bytes("HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nab"))
        #expect(head.fileBytes == Data("ab".utf8))
        #expect(head.progress == TransferProgress(completedUnitCount: 2, totalUnitCount: 4))
        let end = machine.handle(bytes("cd"))
        #expect(end.fileBytes == Data("cd".utf8))
        #expect(delivered(end)?.body.isEmpty == true)
    }

    @Test("timers close only where a task is parked, or a pooled connection past its idle lifetime")
    func timeouts() {
        var busy = MachineFixtures.machine(in: .writing(.awaitingHead))
        #expect(busy.handle(.timerFired(now: 1000)).close == nil)
        var parked = waiting(.init(idleTimeout: 10))
        #expect(parked.handle(.timerFired(now: 9)).deadline == 10)
        #expect(parked.handle(.timerFired(now: 10)).response.map { Self.failure($0) } == .timedOut)
        var pooled = MachineFixtures.machine(in: .pooled)
        #expect(
            pooled.handle(.timerFired(now: MachineFixtures.pooledUntil - 1)).deadline == MachineFixtures.pooledUntil)
        #expect(pooled.handle(.timerFired(now: MachineFixtures.pooledUntil)).close != nil)
        var connecting = MachineFixtures.machine(in: .connecting)
        #expect(connecting.handle(.writeWouldBlock(at: 5)).deadline == 5 + MachineFixtures.timeout)
        #expect(
            connecting.handle(.timerFired(now: 5 + MachineFixtures.timeout)).close as? ConnectionFailure == .timedOut)
    }

    @Test(
        "a read pause is the machine's: no reading while the sink is behind, until it caught up; late news changes nothing"
    )
    func readPause() {
        var machine = waiting(.init(bodyToFile: true))
        let head = machine.handle(bytes("HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nab"))
        #expect(head.fileBytes == Data("ab".utf8))
        _ = machine.handle(.consumerBehind)
        #expect(!machine.readsInput)
        #expect(machine.position == .awaitingResponse(.bodyPaused))
        #expect(machine.handle(.consumerCaughtUp(at: 1)).resumeReading)
        #expect(machine.readsInput)
        let end = machine.handle(.bytesRead(Array("cd".utf8), at: 2))
        #expect(delivered(end)?.firstByteAt == 0)
        _ = machine.handle(.released(reusable: true, idleUntil: 100))
        #expect(machine.handle(.consumerCaughtUp(at: 3)).resumeReading == false)
        #expect(machine.state == .pooled && machine.readsInput)
    }

    private static func failure(_ result: Result<ReceivedResponse, any Error>) -> ConnectionFailure? {
        guard case .failure(let error) = result else { return nil }
        return error as? ConnectionFailure
    }
}
