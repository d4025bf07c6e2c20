import Foundation
import Testing

@testable import Courier
@testable import CourierHTTP1

/// The stories of one exchange on ``HTTP1RequestStateMachine``, each from the request's first
/// byte to its end: bodies framed every way, answers that come early or have no body, limits,
/// back-pressure, the idle clock and cancellation.
@Suite("Request state machine")
struct RequestStateMachineTests {
    typealias Machine = HTTP1RequestStateMachine
    typealias Rules = Machine.ResponseRules

    /// An exchange whose request (`rules`) is written and whose task waits, parked at `now`.
    private func waiting(_ rules: Rules = .init(), at now: UInt64 = 0) -> Machine {
        var machine = Machine(rules: rules)
        _ = machine.handle(.requestSent)
        _ = machine.handle(.awaitResponse(at: now))
        return machine
    }

    /// Feeds `text` to `machine` in pieces of `size` bytes; returns the actions of the last piece.
    private func feed(_ machine: inout Machine, _ text: String, pieces size: Int, at now: UInt64 = 0) -> Machine.Actions
    {
        let bytes = Array(text.utf8)
        var actions = Machine.Actions()
        for start in stride(from: 0, to: bytes.count, by: size) {
            actions = machine.handle(.bytesRead(Array(bytes[start..<min(bytes.count, start + size)]), at: now))
        }
        return actions
    }

    private func delivered(_ actions: Machine.Actions) -> ReceivedResponse? { RequestFixtures.delivered(actions) }

    @Test("a head and a body in pieces are delivered whole to the parked task, reusable, stamped with the first byte")
    func headAndBody() {
        var machine = waiting()
        #expect(machine.handle(RequestFixtures.bytes("HTTP/1.1 200 OK\r\nContent-Le", at: 3)).response == nil)
        #expect(machine.state == .awaitingResponse(.awaitingHead))
        _ = machine.handle(RequestFixtures.bytes("ngth: 5\r\n\r\nhe", at: 4))
        #expect(machine.state == .awaitingResponse(.readingBody))
        let response = delivered(machine.handle(RequestFixtures.bytes("llo", at: 5)))
        #expect(response?.body == Data("hello".utf8))
        #expect(response?.reusable == true)
        #expect(response?.firstByteAt == 3)
        #expect(machine.state == .delivered)
        #expect(machine.isReusable)
    }

    @Test("a 413 while the writer is parked stops it; the answer is the response, and the connection is not reused")
    func earlyAnswerWhileBlocked() {
        var machine = Machine(rules: .init())
        _ = machine.handle(.writeWouldBlock(at: 0))
        let actions = machine.handle(RequestFixtures.bytes("HTTP/1.1 413 Too Large\r\nContent-Length: 0\r\n\r\n"))
        guard case .answered = actions.writer else {
            Issue.record("the parked writer is not told to stop")
            return
        }
        #expect(machine.state == .answered)
        guard case .answered = machine.writePermission else {
            Issue.record("a writer may write on")
            return
        }
        // The server closes, or sends more, without reading the rest: the answer stands.
        #expect(machine.handle(.endOfStream).close == nil)
        #expect(machine.handle(RequestFixtures.bytes("x")).close == nil)
        #expect(machine.handle(.requestSent).rejection == nil)
        let response = delivered(machine.handle(.awaitResponse(at: 0)))
        #expect(response?.head.status == 413)
        #expect(response?.reusable == false)
        #expect(!machine.isReusable)
    }

    @Test("an answer while the writer writes (not parked) waits for the task, which stops writing")
    func earlyAnswerWhileWriting() {
        var machine = Machine(rules: .init())
        let actions = machine.handle(RequestFixtures.bytes("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n"))
        #expect(actions.writer == nil && actions.response == nil)
        #expect(machine.state == .answered)
        guard case .answered = machine.handle(.writeWouldBlock(at: 0)).writer else {
            Issue.record("a writer about to park is not told of the answer")
            return
        }
        #expect(delivered(machine.handle(.awaitResponse(at: 0)))?.reusable == false)
    }

    @Test("HEAD, 204 and 304 answers with a Content-Length have no body to read, and leave the connection reusable")
    func bodilessAnswers() {
        let cases: [(Bool, String)] = [
            (true, "HTTP/1.1 200 OK\r\nContent-Length: 50\r\n\r\n"),
            (false, "HTTP/1.1 204 No Content\r\nContent-Length: 50\r\n\r\n"),
            (false, "HTTP/1.1 304 Not Modified\r\nContent-Length: 50\r\n\r\n"),
        ]
        for (isHEAD, answer) in cases {
            var machine = waiting(.init(isResponseToHEAD: isHEAD))
            let response = delivered(machine.handle(RequestFixtures.bytes(answer)))
            #expect(response?.body.isEmpty == true, "\(answer)")
            #expect(response?.reusable == true, "\(answer)")
        }
    }

    @Test("a chunked body fed a byte at a time is delivered whole, trailers and all")
    func chunked() {
        var machine = waiting()
        let text = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2;x=y\r\nde\r\n0\r\nT: v\r\n\r\n"
        let response = delivered(feed(&machine, text, pieces: 1))
        #expect(response?.body == Data("abcde".utf8))
        #expect(response?.reusable == true)
    }

    @Test("a body framed by the close ends with the stream, and its connection is not reused")
    func closeDelimited() {
        var machine = waiting()
        _ = machine.handle(RequestFixtures.bytes("HTTP/1.1 200 OK\r\n\r\nabc"))
        #expect(machine.state == .awaitingResponse(.readingBody))
        let response = delivered(machine.handle(.endOfStream))
        #expect(response?.body == Data("abc".utf8))
        #expect(response?.reusable == false)
    }

    @Test("the end of the stream before, in the head, or inside a framed body fails the task as it should")
    func endOfStreamEarly() {
        var silent = waiting()
        #expect(RequestFixtures.failure(silent.handle(.endOfStream)) as? ConnectionFailure == .closedBeforeResponse)
        var cut = waiting()
        _ = cut.handle(RequestFixtures.bytes("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc"))
        let actions = cut.handle(.endOfStream)
        #expect(RequestFixtures.failure(actions) as? ConnectionFailure == .closedDuringResponse)
        #expect(actions.close as? ConnectionFailure == .closedDuringResponse)
    }

    @Test("a Content-Length over the limit fails at the head; a chunked body over it, at the byte that crosses it")
    func limits() {
        var declared = waiting(.init(maximumSize: 4))
        let early = declared.handle(RequestFixtures.bytes("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n"))
        #expect(RequestFixtures.failure(early) as? TransportError == .responseTooLarge(limit: 4))
        var chunked = waiting(.init(maximumSize: 4))
        _ = chunked.handle(RequestFixtures.bytes("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nabcd\r\n"))
        #expect(chunked.state == .awaitingResponse(.readingBody))
        let crossed = chunked.handle(RequestFixtures.bytes("1\r\ne\r\n"))
        #expect(RequestFixtures.failure(crossed) as? TransportError == .responseTooLarge(limit: 4))
        #expect(crossed.close != nil)
    }

    @Test("a gzip body is delivered as it came, with the headers that describe it: decoding is the chain's")
    func encodedBodyAsSent() {
        let body = CompressedFixtures.bomb
        var machine = waiting(.init(maximumSize: Int64(body.count)))
        let head = "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: \(body.count)\r\n\r\n"
        var actions = machine.handle(RequestFixtures.bytes(head))
        var offset = 0
        while actions.response == nil, offset < body.count {
            actions = machine.handle(.bytesRead(Array(body[offset..<min(body.count, offset + 512)]), at: 0))
            offset += 512
        }
        let response = delivered(actions)
        #expect(response?.body == body)
        #expect(response?.head.values(of: "Content-Encoding") == ["gzip"])
        #expect(response?.head.values(of: "Content-Length") == ["\(body.count)"])
    }

    @Test("a body to a sink comes as head and parts with progress; reading pauses while the sink is behind")
    func pauseAndResume() {
        var machine = waiting(.init(bodyToFile: true, reportsProgress: true))
        let first = machine.handle(RequestFixtures.bytes("HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nab"))
        #expect(first.head?.status == 200)
        #expect(first.fileBytes == Data("ab".utf8))
        #expect(first.progress == TransferProgress(completedUnitCount: 2, totalUnitCount: 4))
        _ = machine.handle(.consumerBehind)
        #expect(machine.state == .awaitingResponse(.bodyPaused))
        #expect(!machine.readsInput)
        let resumed = machine.handle(.consumerCaughtUp(at: 7))
        #expect(resumed.resumeReading)
        #expect(machine.readsInput)
        #expect(machine.handle(.consumerCaughtUp(at: 8)).resumeReading == false, "a late caught-up changes nothing")
        let end = machine.handle(RequestFixtures.bytes("cd"))
        #expect(end.fileBytes == Data("cd".utf8))
        #expect(delivered(end)?.body.isEmpty == true)
        #expect(machine.handle(.consumerBehind).close == nil, "a sink behind at the last part is no failure")
    }

    @Test("the idle clock runs from the park and the last byte, paused or not; a resume restarts it")
    func idleClock() {
        var machine = waiting(.init(bodyToFile: true, idleTimeout: 10), at: 100)
        #expect(machine.idleDeadline == 110)
        _ = machine.handle(RequestFixtures.bytes("HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\nab", at: 105))
        #expect(machine.handle(.timerFired(now: 110)).deadline == 115, "a byte moved: the deadline moves")
        _ = machine.handle(.consumerBehind)
        #expect(machine.handle(.timerFired(now: 112)).deadline == 115)
        _ = machine.handle(.consumerCaughtUp(at: 114))
        #expect(machine.handle(.timerFired(now: 120)).deadline == 124, "the wait for the sink counts as activity")
        _ = machine.handle(.consumerBehind)
        let timedOut = machine.handle(.timerFired(now: 124))
        #expect(RequestFixtures.failure(timedOut) as? ConnectionFailure == .timedOut, "paused, the clock still runs")
        #expect(timedOut.close as? ConnectionFailure == .timedOut)
    }

    @Test("no idle clock while the task writes, nor without a timeout, nor after the head when it ends with the head")
    func noIdleClock() {
        var writing = Machine(rules: .init(idleTimeout: 10))
        #expect(writing.handle(.timerFired(now: 1_000)).close == nil)
        var unlimited = waiting()
        #expect(unlimited.handle(.timerFired(now: .max)).close == nil)
        var stream = waiting(.init(bodyToFile: true, idleTimeout: 10, idleTimeoutEndsWithHead: true))
        #expect(stream.handle(.timerFired(now: 5)).deadline == 10)
        _ = stream.handle(RequestFixtures.bytes("HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\n"))
        #expect(stream.handle(.timerFired(now: 1_000)).close == nil)
        var blocked = Machine(rules: .init(idleTimeout: .max))
        #expect(blocked.handle(.writeWouldBlock(at: 5)).deadline == .max, "a deadline past the clock's end saturates")
    }

    @Test("cancellation in every state fails the exchange, tells a parked task, and closes the connection once")
    func cancelEverywhere() {
        for state in RequestFixtures.allStates {
            var machine = RequestFixtures.machine(in: state)
            let actions = machine.handle(.cancelled)
            #expect(machine.state == .failed, "\(state)")
            #expect(machine.failure is CancellationError || state == .failed, "\(state)")
            #expect((actions.close is CancellationError) == (state != .failed), "\(state)")
            if case .writeBlocked = state, case .failed(let error)? = actions.writer {
                #expect(error is CancellationError)
            } else if case .awaitingResponse = state {
                #expect(RequestFixtures.failure(actions) is CancellationError, "\(state)")
            }
            #expect(machine.handle(.cancelled).close == nil, "\(state): closed twice")
            guard case .failed = machine.writePermission else {
                Issue.record("\(state): writes after cancel")
                return
            }
            #expect(RequestFixtures.failure(machine.handle(.awaitResponse(at: 0))) != nil, "\(state)")
        }
    }

    @Test("bytes or an end after the task took its response close the connection: nobody asked for them")
    func afterDelivery() {
        var stray = RequestFixtures.machine(in: .delivered)
        #expect(
            stray.handle(RequestFixtures.bytes("HTTP/1.1 200 OK\r\n")).close as? ConnectionFailure
                == .closedBeforeResponse)
        var ended = RequestFixtures.machine(in: .delivered)
        #expect(ended.handle(.endOfStream).close != nil)
        #expect(!ended.isReusable)
    }

    @Test("bytes past a complete answer, or Connection: close, end reuse; the answer stands")
    func notReusable() {
        var extra = waiting()
        let response = delivered(
            extra.handle(RequestFixtures.bytes("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\nHTTP/1.1 200 OK\r\n")))
        #expect(response?.reusable == false)
        var close = waiting()
        let closing = delivered(
            close.handle(RequestFixtures.bytes("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\n")))
        #expect(closing?.reusable == false)
        #expect(!close.isReusable)
    }
}
