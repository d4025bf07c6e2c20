#if os(Linux)
    import Foundation
    import Testing

    @testable import Courier
    @testable import CourierHTTP1

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// A `timeoutInterval` under a second, on virtual time: kept to the nanosecond (not truncated
    /// to whole seconds, as FoundationNetworking's own timer does), and a limit on silence, never on
    /// the whole exchange.
    @Suite("Native transport: sub-second timeouts on virtual time", .enabled(if: HTTP1Transport.isAvailable))
    struct SubSecondTimeoutTests {
        private typealias Server = NativeTestServer

        @Test("a 0.8 s timeout: a prompt answer is kept, a silent server is given up at 0.8 s")
        func fractionalTimeoutIsKept() async throws {
            let server = try Server { request in
                request.target == "/silent" ? .hang : .send(Server.response(body: "prompt"))
            }
            defer { server.stop() }
            let time = VirtualTime()
            let transport = time.transport()
            let start = time.clock.now()
            let prompt = try await transport.send(server.get("/prompt", timeout: 0.8))
            #expect(String(decoding: prompt.data, as: UTF8.self) == "prompt")
            #expect(time.clock.now() == start, "answered with the clock standing still")

            let silent = server.get("/silent", timeout: 0.8)
            let call = Task { try await transport.send(silent) }
            // Sent: what follows is the server's silence alone.
            _ = try await server.firstEvent {
                if case .request(let seen) = $0 { seen.target == "/silent" } else { false }
            }
            let (result, elapsed) = await time.drive { try await call.value }
            guard case .failure(let error as URLError) = result else {
                Issue.record("expected URLError.timedOut, got \(result)")
                return
            }
            #expect(error.code == .timedOut)
            #expect(elapsed >= .milliseconds(800) && elapsed < .seconds(1), "at 0.8 s: \(elapsed)")
            await transport.shutdown()
        }

        @Test("a 0.9 s timeout is a limit on silence: a body whose pieces come every 0.5 s is whole after 10 s")
        func subSecondTimeoutIsIdle() async throws {
            let pieces = PacedPieces()
            let server = try Server { _ in .paced(pieces) }
            defer {
                pieces.end()
                server.stop()
            }
            let time = VirtualTime()
            let transport = time.transport()
            let (received, receiving) = AsyncStream.makeStream(of: Int64.self)
            let piece = [UInt8](repeating: UInt8(ascii: "x"), count: 50)
            let count = 21
            var request = server.get(timeout: 0.9)
            request.progress = { receiving.yield($0.completedUnitCount) }
            let start = time.clock.now()
            let call = Task { try await transport.send(request) }
            pieces.send(Array("HTTP/1.1 200 OK\r\nContent-Length: \(piece.count * count)\r\n\r\n".utf8))
            var arrived = received.makeAsyncIterator()
            for sent in 1...count {
                pieces.send(piece)
                // The piece is read before time moves: the silence measured is the clock's only.
                while let total = await arrived.next(), total < Int64(sent * piece.count) {}
                if sent < count { await time.clock.advance(by: .milliseconds(500)) }
            }
            let response = try await call.value
            #expect(response.data == Data(repeating: UInt8(ascii: "x"), count: piece.count * count))
            #expect(time.clock.now() - start == 10_000_000_000, "the whole body took ten virtual seconds")
            await transport.shutdown()
        }
    }
#endif
