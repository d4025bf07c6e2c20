#if os(Linux)
    import Foundation
    import Testing

    @testable import Courier
    @testable import CourierHTTP1

    /// The pool's line through the real transport: a caller cancelled while it waits leaves the
    /// line, and the connection goes to the next caller (no lost wake-up, no lost slot).
    @Suite("Native transport: callers waiting for a connection", .enabled(if: HTTP1Transport.isAvailable))
    struct NativePoolWaitingTests {
        private typealias Server = NativeTestServer

        /// Yields until `transport`'s pool has `count` callers in line; whether it got there.
        private func line(of transport: HTTP1Transport, reaches count: Int) async -> Bool {
            for _ in 0..<1_000_000 {
                if transport.pool.waitingCallers == count { return true }
                await Task.yield()
            }
            return false
        }

        @Test("a caller cancelled in line leaves it; the one connection serves the next caller")
        func cancelledWaiterLeavesLine() async throws {
            let gate = DispatchSemaphore(value: 0)
            let server = try Server { request in
                // The first call holds the only connection until the test lets it go.
                if request.target == "/first" { gate.wait() }
                return .send(Server.response(body: request.target))
            }
            defer { server.stop() }
            let transport = HTTP1Transport(options: .init(maximumConnectionsPerHost: 1))
            let first = Task { try await transport.send(server.get("/first")) }
            var events = server.events.makeAsyncIterator()
            while let event = await events.next() {
                if case .request(let request) = event, request.target == "/first" { break }
            }
            let cancelled = Task { try await transport.send(server.get("/cancelled")) }
            try #require(await line(of: transport, reaches: 1))
            let next = Task { try await transport.send(server.get("/next")) }
            try #require(await line(of: transport, reaches: 2))

            cancelled.cancel()
            // Let go of the first call whatever happens, so a failure cannot hang the test.
            let left = await line(of: transport, reaches: 1)
            gate.signal()
            #expect(left, "the cancelled caller is still in line")
            await #expect(throws: (any Error).self) { try await cancelled.value }

            #expect(String(decoding: try await first.value.data, as: UTF8.self) == "/first")
            #expect(String(decoding: try await next.value.data, as: UTF8.self) == "/next")
            #expect(server.acceptedConnections == 1)
            #expect(transport.pool.waitingCallers == 0)
        }
    }
#endif
