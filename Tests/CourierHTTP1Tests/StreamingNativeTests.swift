#if os(Linux)
    import Foundation
    import Testing

    @testable import Courier
    @testable import CourierHTTP1

    /// The native transport's streaming: the head before the body, the connection back in the pool
    /// after a whole body, closed at once when the consumer stops.
    @Suite(.timeLimit(.minutes(1))) struct StreamingNativeTests {
        @Test func aWholeStreamLeavesItsConnectionForTheNextCall() async throws {
            let server = try NativeTestServer { _ in
                .send(NativeTestServer.response(body: Array("one\ntwo\n".utf8)))
            }
            defer { server.stop() }
            let transport = HTTP1Transport()

            let body = StreamedBody()
            let head = try await transport.stream(server.get(), into: body)
            var received = Data()
            while let chunk = try await body.next() { received.append(chunk) }
            _ = try await transport.send(server.get())

            #expect(head.statusCode == 200)
            #expect(received == Data("one\ntwo\n".utf8))
            let connections = await server.requestsSeen(2).map(\.connection)
            #expect(connections == [0, 0])
        }

        @Test func theHeadComesBeforeTheBodyAndStoppingClosesTheConnection() async throws {
            // A body announced longer than what is sent: the rest never comes.
            let partial = Array("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\nfirst piece".utf8)
            let server = try NativeTestServer { _ in .send(partial) }
            defer { server.stop() }
            let transport = HTTP1Transport()

            let body = StreamedBody()
            let head = try await transport.stream(server.get(), into: body)
            #expect(head.statusCode == 200)
            #expect(try await body.next() == Data("first piece".utf8))
            body.cancel()

            // The server sees the client close the connection; nothing waits for a timeout.
            for await event in server.events {
                if case .clientClosed(let connection) = event {
                    #expect(connection == 0)
                    break
                }
            }
        }

        @Test func aConnectionClosedBeforeTheHeadFailsTheCall() async throws {
            let server = try NativeTestServer { _ in .close }
            defer { server.stop() }
            let transport = HTTP1Transport()
            await #expect(throws: URLError.self) {
                _ = try await transport.stream(server.get(), into: StreamedBody())
            }
        }
    }

    extension NativeTestServer {
        /// The first `count` requests the server reads, awaited on ``events``.
        fileprivate func requestsSeen(_ count: Int) async -> [Request] {
            var seen: [Request] = []
            for await event in events {
                if case .request(let request) = event { seen.append(request) }
                if seen.count == count { break }
            }
            return seen
        }
    }
#endif
