#if os(Linux)
    import Foundation
    import Glibc
    import Testing

    @testable import Courier
    @testable import CourierHTTP1

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    @Suite("Native transport: event loop groups and shutdown", .enabled(if: HTTP1Transport.isAvailable))
    struct NativeShutdownTests {
        private typealias Server = NativeTestServer

        /// A thread name no other test uses, so that parallel tests do not disturb the count.
        private static func uniqueThreadName() -> String { "courier-t\(UInt32.random(in: 0..<1_000_000))" }

        /// How many threads of the process carry `name`.
        private static func threads(named name: String) -> Int {
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
            return tasks.filter { task in
                let comm = (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)) ?? ""
                return comm.trimmingCharacters(in: .whitespacesAndNewlines) == name
            }.count
        }

        private static func request(_ url: URL, timeout: TimeInterval = 10) -> TransportRequest {
            var request = URLRequest(url: url)
            request.timeoutInterval = timeout
            return TransportRequest(urlRequest: request)
        }

        @Test("a group runs its loops while a transport uses it, and spreads new connections over them")
        func groupSpreadsConnections() async throws {
            let server = try Server { request in
                request.target == "/hang" ? .hang : .send(Server.response(body: "ok"))
            }
            defer { server.stop() }
            let name = Self.uniqueThreadName()
            let group = HTTP1EventLoopGroup(loopCount: 3, threadName: name)
            #expect(Self.threads(named: name) == 0)
            let transport = HTTP1Transport(eventLoops: group)
            for loop in group.runningLoops { await loop.waitUntilStarted() }
            #expect(Self.threads(named: name) == 3)
            // Three calls in flight at once need three connections, one on each loop.
            var events = server.events.makeAsyncIterator()
            let calls = (0..<3).map { _ in
                Task { try await transport.send(Self.request(server.url.appendingPathComponent("/hang"))) }
            }
            var arrived = 0
            while arrived < 3, let event = await events.next() {
                if case .request = event { arrived += 1 }
            }
            #expect(group.runningLoops.map(\.connectionCount) == [1, 1, 1])
            await transport.shutdown()
            for call in calls {
                await #expect(throws: HTTP1Transport.ShutdownError.self) { try await call.value }
            }
            #expect(Self.threads(named: name) == 0)
        }

        @Test("the loops stop when the last transport using the group goes away, and start again for the next")
        func loopsFollowTheirTransports() async throws {
            let name = Self.uniqueThreadName()
            let group = HTTP1EventLoopGroup(loopCount: 2, threadName: name)
            var first: HTTP1Transport? = HTTP1Transport(eventLoops: group)
            var second: HTTP1Transport? = HTTP1Transport(eventLoops: group)
            #expect(first != nil && second != nil)
            let loops = group.runningLoops
            #expect(loops.count == 2)
            first = nil
            #expect(group.runningLoops.count == 2)
            second = nil
            #expect(group.runningLoops.isEmpty)
            for loop in loops { await loop.waitUntilStopped() }
            #expect(Self.threads(named: name) == 0)
            let third = HTTP1Transport(eventLoops: group)
            for loop in group.runningLoops { await loop.waitUntilStarted() }
            #expect(Self.threads(named: name) == 2)
            await third.shutdown()
            #expect(Self.threads(named: name) == 0)
        }

        @Test("shutdown ends calls in flight and waiting, closes pooled connections, leaves no thread or descriptor")
        func shutdownEndsEverything() async throws {
            let server = try Server { request in
                request.target == "/hang" ? .hang : .send(Server.response(body: "ok"))
            }
            defer { server.stop() }
            let name = Self.uniqueThreadName()
            var options = HTTP1Transport.Options()
            options.maximumConnectionsPerHost = 2
            let transport = HTTP1Transport(
                options: options, eventLoops: HTTP1EventLoopGroup(loopCount: 1, threadName: name))
            var events = server.events.makeAsyncIterator()
            // Connection 0, kept in the pool.
            let answer = try await transport.send(Self.request(server.url.appendingPathComponent("/ok")))
            #expect(String(decoding: answer.data, as: UTF8.self) == "ok")
            // Connection 1 hangs with a call in flight; a second call that hangs takes connection 0.
            let hanging = (0..<2).map { _ in
                Task { try await transport.send(Self.request(server.url.appendingPathComponent("/hang"))) }
            }
            var hangs = 0
            while hangs < 2, let event = await events.next() {
                if case .request(let request) = event, request.target == "/hang" { hangs += 1 }
            }
            // Both connections are in use: this one waits for a slot (or is refused at once).
            let waiting = Task { try await transport.send(Self.request(server.url.appendingPathComponent("/ok"))) }
            weak let loop = transport.eventLoops.runningLoops.first
            await loop?.waitUntilStarted()
            #expect(loop != nil)
            #expect(Self.threads(named: name) == 1)

            await transport.shutdown()

            for call in hanging + [waiting] {
                await #expect(throws: HTTP1Transport.ShutdownError.self) { try await call.value }
            }
            await #expect(throws: HTTP1Transport.ShutdownError.self) {
                try await transport.send(Self.request(server.url.appendingPathComponent("/ok")))
            }
            #expect(Self.threads(named: name) == 0)
            // The server sees both connections closed by the client.
            var closed: Set<Int> = []
            while closed.count < 2, let event = await events.next() {
                if case .clientClosed(let connection) = event { closed.insert(connection) }
            }
            #expect(closed == [0, 1])
            // Nothing holds the loop any more, so its epoll and eventfd descriptors are closed.
            #expect(loop == nil)
        }
    }
#endif
