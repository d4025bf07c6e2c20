#if os(Linux)
    import Foundation
    import Glibc
    import Testing

    @testable import Courier
    @testable import CourierHTTP1

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// A connection's inline read (``HTTP1Transport/Options/inlineResponseWait``) against the
    /// event loop: who reads the socket, and that an answer already in is never waited for.
    @Suite("Native transport: inline reads and the event loop", .enabled(if: HTTP1Transport.isAvailable))
    struct NativeInlineReadTests {
        private typealias Server = NativeTestServer

        /// Far above any loopback answer time: a read that waits it out fails the test.
        private let longBudget: UInt64 = 20_000_000_000

        private func connect(_ server: Server) async throws -> HTTP1Connection {
            let loop = try #require(EventLoop.shared)
            return try await HTTP1Connection.open(
                to: try SocketAddress.resolve(host: "127.0.0.1", port: server.port),
                key: .init(host: "127.0.0.1", port: server.port), loop: loop, timeout: nil,
                relay: CancellationRelay())
        }

        private var expectation: ResponseExpectation {
            ResponseExpectation(isResponseToHEAD: false, limits: .init(), timeout: 10_000_000_000)
        }

        private let request = Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)

        /// Waits, at most 10 s, until the server's answer is in `connection`'s socket, then does
        /// what the event loop does when woken for it; returns whether the connection took it in.
        private func deliverAsTheLoopWould(_ connection: HTTP1Connection) -> Bool {
            var descriptor = pollfd(fd: connection.fd, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 10_000)
            return handleAsTheLoop(connection)
        }

        /// Does what the event loop does when woken for input on `connection`; returns whether
        /// the connection has the whole answer.
        private func handleAsTheLoop(_ connection: HTTP1Connection) -> Bool {
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 16 * 1024, alignment: 16)
            defer { buffer.deallocate() }
            _ = connection.handle(events: Epoll.readable, readBuffer: buffer)
            return connection.hasAnswer()
        }

        /// Waits, at most 10 s, until the connection has the whole answer, whether the event
        /// loop or this thread read it.
        private func awaitAnswer(_ connection: HTTP1Connection) -> Bool {
            // 1 ms turns: the loop may take the bytes between the check and the poll.
            for _ in 0..<10_000 where !connection.hasAnswer() {
                var descriptor = pollfd(fd: connection.fd, events: Int16(POLLIN), revents: 0)
                if poll(&descriptor, 1, 1) > 0 { _ = handleAsTheLoop(connection) }
            }
            return connection.hasAnswer()
        }

        /// Opens a connection to `server`, prepares it for an answer read inline or not, and
        /// writes a `GET`.
        private func connectAndSend(to server: Server, readsInline: Bool) async throws -> HTTP1Connection {
            let connection = try await connect(server)
            try connection.expect(expectation, readsInline: readsInline)
            try await connection.write(request)
            return connection
        }

        @Test("an answer the loop read before the inline wait began is taken at once, not waited for")
        func answerAlreadyIn() async throws {
            let server = try Server { _ in .send(Server.response(body: "early")) }
            defer { server.stop() }
            let connection = try await connectAndSend(to: server, readsInline: false)
            defer { connection.close(because: CancellationError()) }
            #expect(awaitAnswer(connection))

            let started = ContinuousClock.now
            let received = try await connection.response(
                inline: InlineWait(budget: longBudget, busyPoll: 0), counters: ExchangeCounters())
            #expect(ContinuousClock.now - started < .seconds(10))
            #expect(String(decoding: received.body, as: UTF8.self) == "early")
        }

        @Test("while its task is to read the answer inline, the loop leaves the socket alone")
        func loopStandsAside() async throws {
            let server = try Server { _ in .send(Server.response(body: "inline")) }
            defer { server.stop() }
            let connection = try await connectAndSend(to: server, readsInline: true)
            defer { connection.close(because: CancellationError()) }
            #expect(!deliverAsTheLoopWould(connection))

            let counters = ExchangeCounters()
            let received = try await connection.response(
                inline: InlineWait(budget: longBudget, busyPoll: 0), counters: counters)
            #expect(String(decoding: received.body, as: UTF8.self) == "inline")
            #expect(counters.inlineReads == 1)
        }

        @Test("an answer the server sent before closing on an unread body is the call's answer")
        func earlyAnswerBeforeReset() async throws {
            // Answers as soon as the head is in (read byte by byte, on the accepting thread, so
            // the answer comes at once) and closes with the body unread, which resets the
            // connection: the client's next write fails with the answer still in its socket.
            let (listener, port) = try Server.listeningSocket()
            defer { close(listener) }
            let server = Thread {
                let fd = accept(listener, nil, nil)
                guard fd >= 0 else { return }
                var head: [UInt8] = []
                var byte: UInt8 = 0
                while !head.suffix(4).elementsEqual([13, 10, 13, 10]), recv(fd, &byte, 1, 0) == 1 { head.append(byte) }
                let answer = Server.response(status: 413, headers: ["Connection": "close"], body: "big!")
                _ = answer.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                close(fd)
            }
            server.start()

            var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:\(port)/upload")))
            request.httpMethod = "POST"
            request.httpBody = Data(count: 4 * 1024 * 1024)
            let answer = try await HTTP1Transport().send(TransportRequest(urlRequest: request))
            #expect(answer.response.statusCode == 413)
            #expect(answer.data == Data("big!".utf8))
        }

        private func get(_ server: Server) -> TransportRequest {
            TransportRequest(urlRequest: URLRequest(url: server.url))
        }

        @Test("a lone call busy-polls its socket first and catches a prompt answer so; at 0 it never does")
        func busyPoll() async throws {
            let server = try Server { _ in .send(Server.response(body: "ok")) }
            defer { server.stop() }
            // A window far above any loopback answer time: every answer must come within it.
            let polling = HTTP1Transport(options: .init(inlineResponseWait: 10, inlineBusyPoll: 5))
            for _ in 0..<3 { #expect(try await polling.send(get(server)).data == Data("ok".utf8)) }
            #expect(polling.busyPolls == (caught: 3, missed: 0))
            #expect(polling.inlineReads == 3)

            let sleeping = HTTP1Transport(options: .init(inlineResponseWait: 10, inlineBusyPoll: 0))
            for _ in 0..<3 { #expect(try await sleeping.send(get(server)).data == Data("ok".utf8)) }
            #expect(sleeping.busyPolls == (caught: 0, missed: 0))
            #expect(sleeping.inlineReads == 3)
        }

        @Test(
            "after an answer outlasts the busy-poll, the connection's next 15 calls sleep at once; the 16th polls again"
        )
        func busyPollBacksOff() async throws {
            // The first answer comes well after the window; the others at once.
            let server = try Server { request in
                if request.connection == 0, request.index == 0 { usleep(1_500_000) }
                return .send(Server.response(body: "\(request.index)"))
            }
            defer { server.stop() }
            // A window far above an instant answer's time even on a loaded machine, far below the
            // first answer's delay.
            let transport = HTTP1Transport(options: .init(inlineResponseWait: 10, inlineBusyPoll: 0.5))
            _ = try await transport.send(get(server))
            #expect(transport.busyPolls == (caught: 0, missed: 1))
            for _ in 1..<BusyPollGate.retryInterval { _ = try await transport.send(get(server)) }
            #expect(transport.busyPolls == (caught: 0, missed: 1))
            let answer = try await transport.send(get(server))
            #expect(String(decoding: answer.data, as: UTF8.self) == "\(BusyPollGate.retryInterval)")
            #expect(transport.busyPolls == (caught: 1, missed: 1))
            #expect(server.acceptedConnections == 1)
        }
    }
#endif
