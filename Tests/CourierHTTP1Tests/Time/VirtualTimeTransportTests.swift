#if os(Linux)
    import Foundation
    import Testing

    @testable import Courier
    @testable import CourierHTTP1

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// The native transport's deadlines on virtual time: the request's idle timeout, the connect
    /// timeout, the Happy Eyeballs head start and the pool's idle lifetime, each reached by
    /// advancing a ``ManualClock`` (no test waits for real time to pass).
    @Suite("Native transport on virtual time", .enabled(if: HTTP1Transport.isAvailable))
    struct VirtualTimeTransportTests {
        private typealias Server = NativeTestServer

        private static func isTimedOut<T>(_ result: Result<T, any Error>) -> Bool {
            if case .failure(let error as URLError) = result { return error.code == .timedOut }
            return false
        }

        @Test("a server silent before the head: URLError.timedOut once timeoutInterval of silence passed")
        func silentBeforeHead() async throws {
            let server = try Server { _ in .hang }
            defer { server.stop() }
            let time = VirtualTime()
            let transport = time.transport()
            let call = Task { try await transport.send(server.get(timeout: 10)) }
            // Connected and sent: what follows is the server's silence, not the connect's.
            _ = try await server.firstEvent { if case .request = $0 { true } else { false } }
            let (result, elapsed) = await time.drive { try await call.value }
            #expect(Self.isTimedOut(result), "\(result)")
            #expect(elapsed >= .seconds(10), "never before the timeout")
            #expect(elapsed < .seconds(30))
            await transport.shutdown()
        }

        @Test("a server silent after the head and part of the body: URLError.timedOut, no partial answer")
        func silentAfterHead() async throws {
            let partial = Array("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nfirst".utf8)
            let server = try Server { _ in .send(partial) }
            defer { server.stop() }
            let time = VirtualTime()
            let transport = time.transport()
            let call = Task { try await transport.send(server.get(timeout: 10)) }
            // Connected and sent: what follows is the server's silence, not the connect's.
            _ = try await server.firstEvent { if case .request = $0 { true } else { false } }
            let (result, elapsed) = await time.drive { try await call.value }
            #expect(Self.isTimedOut(result), "\(result)")
            #expect(elapsed >= .seconds(10), "never before the timeout")
            #expect(elapsed < .seconds(30))
            await transport.shutdown()
        }

        @Test("just short of the idle deadline nothing fires: the connection stays open")
        func notBeforeDeadline() async throws {
            let server = try Server { _ in .hang }
            defer { server.stop() }
            let time = VirtualTime()
            let transport = time.transport()
            let call = Task { try await transport.send(server.get(timeout: 10)) }
            _ = try await server.firstEvent { if case .request = $0 { true } else { false } }
            let first = try #require(await time.clock.nextDeadline())
            // Just short of the deadline nothing fires: the connection is still open on the loop.
            await time.clock.advance(to: first - 1)
            let loop = try #require(time.loops.runningLoops.first)
            #expect(loop.connectionCount == 1)
            call.cancel()
            await #expect(throws: CancellationError.self) { try await call.value }
            await transport.shutdown()
        }

        @Test("an address that never answers is given up at the connect timeout, not the request's")
        func connectTimeout() async throws {
            let hanging = try HangingListener()
            let dead = try #require(SocketAddress.numeric(host: "127.0.0.1", port: hanging.port))
            let time = VirtualTime()
            let transport = time.transport(options: .init(connectTimeout: 5), resolver: FixedAddresses(answer: [dead]))
            var request = URLRequest(url: try #require(URL(string: "http://courier.test:\(hanging.port)/")))
            request.timeoutInterval = 60
            let sent = TransportRequest(urlRequest: request)
            let (result, elapsed) = await time.drive { try await transport.send(sent) }
            #expect(Self.isTimedOut(result), "\(result)")
            #expect(elapsed >= .seconds(5) && elapsed < .seconds(60), "at the connect timeout: \(elapsed)")
            await transport.shutdown()
        }

        @Test("a stream's connect ends at the request's timeout when it is shorter than the connect timeout")
        func streamConnectBoundByRequestTimeout() async throws {
            let hanging = try HangingListener()
            let dead = try #require(SocketAddress.numeric(host: "127.0.0.1", port: hanging.port))
            let time = VirtualTime()
            let transport = time.transport(
                options: .init(connectTimeout: 100), resolver: FixedAddresses(answer: [dead]))
            var request = URLRequest(url: try #require(URL(string: "http://courier.test:\(hanging.port)/")))
            request.timeoutInterval = 0.5
            let sent = TransportRequest(urlRequest: request)
            let (result, elapsed) = await time.drive { try await transport.stream(sent, into: StreamedBody()) }
            #expect(Self.isTimedOut(result), "\(result)")
            #expect(elapsed >= .milliseconds(500) && elapsed < .seconds(1), "at the request's timeout: \(elapsed)")
            await transport.shutdown()
        }

        @Test("a name lookup that never answers is given up at the request's timeout, not before")
        func lookupTimeout() async throws {
            let time = VirtualTime()
            let transport = time.transport(resolver: SilentResolver())
            var request = URLRequest(url: try #require(URL(string: "http://silent.test:8080/")))
            request.timeoutInterval = 3
            let sent = TransportRequest(urlRequest: request)
            let (result, elapsed) = await time.drive { try await transport.send(sent) }
            #expect(Self.isTimedOut(result), "\(result)")
            #expect(elapsed >= .seconds(3) && elapsed < .seconds(4), "at the request's timeout: \(elapsed)")
            await transport.shutdown()
        }

        @Test("Happy Eyeballs: the next address starts after the 250 ms head start, and not before")
        func headStart() async throws {
            let server = try Server { _ in .send(Server.response(body: "reached")) }
            defer { server.stop() }
            let hanging = try HangingListener()
            let dead = try #require(SocketAddress.numeric(host: "127.0.0.1", port: hanging.port))
            let live = try #require(SocketAddress.numeric(host: "127.0.0.1", port: server.port))
            let time = VirtualTime()
            let transport = time.transport(resolver: FixedAddresses(answer: [dead, live]))
            var request = URLRequest(url: try #require(URL(string: "http://courier.test:\(server.port)/")))
            request.timeoutInterval = 60
            let sent = TransportRequest(urlRequest: request)
            let start = time.clock.now()
            let call = Task { try await transport.send(sent) }
            let headStart = try #require(await time.clock.nextDeadline(sleepsOnly: true))
            #expect(headStart - start == 250_000_000)
            // Time has not moved: the live address is not tried yet.
            #expect(server.acceptedConnections == 0)
            await time.clock.advance(to: headStart)
            let response = try await call.value
            #expect(String(decoding: response.data, as: UTF8.self) == "reached")
            #expect(server.acceptedConnections == 1)
            await transport.shutdown()
        }

        @Test("a pooled connection is reused within idleConnectionTimeout and closed once it passed")
        func poolIdleLifetime() async throws {
            let server = try Server { _ in .send(Server.response(body: "ok")) }
            defer { server.stop() }
            let time = VirtualTime()
            let transport = time.transport(options: .init(idleConnectionTimeout: 30))
            _ = try await transport.send(server.get())
            await time.clock.advance(by: .seconds(29))
            _ = try await transport.send(server.get())
            #expect(server.acceptedConnections == 1, "reused before its idle lifetime ended")
            let (closed, elapsed) = await time.drive {
                try await server.firstEvent { if case .clientClosed = $0 { true } else { false } }
            }
            #expect(throws: Never.self) { try closed.get() }
            #expect(elapsed >= .seconds(30) && elapsed < .seconds(60), "closed at its idle lifetime: \(elapsed)")
            _ = try await transport.send(server.get())
            #expect(server.acceptedConnections == 2)
            await transport.shutdown()
        }
    }
#endif
