#if os(Linux)
    import Foundation
    import Glibc
    import Testing

    @testable import Courier
    @testable import CourierHTTP1

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// A pooled connection on which the server wrote something nobody asked for is never reused.
    @Suite("Native transport: pooled connections are checked before reuse", .enabled(if: HTTP1Transport.isAvailable))
    struct NativePoolLivenessTests {
        private typealias Server = NativeTestServer

        @Test("an unrequested response written after an answer never becomes the next request's answer")
        func unrequestedResponseIsNotAnAnswer() async throws {
            let server = try Server { request in
                .sendWithExtra(
                    Server.response(body: "answer to \(request.target)"), extra: Server.response(body: "stale"))
            }
            defer { server.stop() }
            let transport = HTTP1Transport()
            var events = server.events.makeAsyncIterator()
            for round in 0..<200 {
                var request = URLRequest(url: server.url.appendingPathComponent("/\(round)"))
                request.timeoutInterval = 10
                let answer = try await transport.send(TransportRequest(urlRequest: request))
                #expect(String(decoding: answer.data, as: UTF8.self) == "answer to /\(round)")
                // The extra response is in the client's socket before the next round starts: the
                // pool's check, or the event loop, must keep it from the next request. (Sent at
                // once instead, the next request usually leaves before the extra arrives, and takes
                // it for its answer: a race no client can win, half of 200 rounds with or without
                // the check.)
                while let event = await events.next() {
                    if case .extraSent = event { break }
                }
            }
        }

        @Test("stray bytes on a pooled connection make the client close it, with no request to notice")
        func strayBytesClosePooledConnection() async throws {
            let server = try Server { _ in
                .sendWithExtra(Server.response(body: "answer"), extra: Server.response(body: "stale"))
            }
            defer { server.stop() }
            let transport = HTTP1Transport()
            let answer = try await transport.send(TransportRequest(urlRequest: URLRequest(url: server.url)))
            #expect(String(decoding: answer.data, as: UTF8.self) == "answer")
            // The event loop reads the stale answer on the idle pooled connection and closes it;
            // the server sees that close. The sleep only bounds a hang.
            let closed = await withTaskGroup(of: Bool.self) { group in
                group.addTask {
                    for await event in server.events {
                        if case .clientClosed(0) = event { return true }
                    }
                    return false
                }
                group.addTask {
                    try? await Task.sleep(nanoseconds: UInt64(NativeTiming.hangGuard * 1e9))
                    return false
                }
                defer { group.cancelAll() }
                return await group.next() ?? false
            }
            #expect(closed)
        }

        @Test("the check: a quiet socket passes; bytes waiting, a half-close or a reset peer do not")
        func idleConnectionCheck() throws {
            func pair() throws -> (Int32, Int32) {
                var fds: [Int32] = [0, 0]
                guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0 else {
                    throw POSIXError(.EMFILE)
                }
                return (fds[0], fds[1])
            }
            let (quiet, quietPeer) = try pair()
            #expect(IdleConnectionCheck.isQuiet(quiet))
            let (talked, talker) = try pair()
            #expect(send(talker, "x", 1, 0) == 1)
            #expect(!IdleConnectionCheck.isQuiet(talked))
            let (halfClosed, closer) = try pair()
            shutdown(closer, Int32(SHUT_WR))
            #expect(!IdleConnectionCheck.isQuiet(halfClosed))
            let (abandoned, gone) = try pair()
            close(gone)
            #expect(!IdleConnectionCheck.isQuiet(abandoned))
            for fd in [quiet, quietPeer, talked, talker, halfClosed, closer, abandoned] { close(fd) }
        }
    }
#endif
