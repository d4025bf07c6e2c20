#if os(Linux)
    import Foundation
    import Testing

    @testable import Courier
    @testable import CourierHTTP1

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// The native transport against a scripted loopback server: keep-alive, retries of requests
    /// whose pooled connection the server closed, cancellation, timeouts, redirects, bodies.
    @Suite("Native HTTP/1.1 transport", .enabled(if: HTTP1Transport.isAvailable))
    struct NativeTransportTests {
        private typealias Server = NativeTestServer

        /// The first event matching `predicate`, or a failure after `seconds` (a guard against a
        /// hang, not a wait for the event, so it is scaled for sanitizers and a loaded machine).
        private func firstEvent(
            _ server: Server, seconds: Double = NativeTiming.hangGuard,
            where predicate: @escaping @Sendable (Server.Event) -> Bool
        ) async throws -> Server.Event {
            try await withThrowingTaskGroup(of: Server.Event?.self) { group in
                group.addTask {
                    for await event in server.events where predicate(event) { return event }
                    return nil
                }
                group.addTask {
                    try await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
                    return nil
                }
                defer { group.cancelAll() }
                guard let event = try await group.next() ?? nil else { throw URLError(.timedOut) }
                return event
            }
        }

        @Test("sequential requests share one keep-alive connection")
        func keepAlive() async throws {
            let server = try Server { request in .send(Server.response(body: "answer \(request.index)")) }
            defer { server.stop() }
            let transport = HTTP1Transport()
            for index in 0..<5 {
                let answer = try await transport.send(server.get("/n"))
                #expect(answer.response.statusCode == 200)
                #expect(String(decoding: answer.data, as: UTF8.self) == "answer \(index)")
            }
            #expect(server.acceptedConnections == 1)
            let request = try #require(server.requests.first)
            #expect(request.method == "GET")
            #expect(request.target == "/n")
            #expect(request.headers["host"] == "127.0.0.1:\(server.port)")
        }

        @Test("an answer's status and headers are read without making its HTTPURLResponse, which matches them")
        func deferredResponseObject() async throws {
            let server = try Server { _ in
                .send(Server.response(headers: ["content-type": "application/json", "X-Trace": "7"], body: "{}"))
            }
            defer { server.stop() }
            let answer = try await HTTP1Transport().send(server.get("/deferred"))
            #expect(answer.statusCode == 200)
            #expect(answer.value(forHTTPHeaderField: "Content-Type") == "application/json")
            #expect(!answer.head.hasMadeResponse)
            #expect(answer.response.statusCode == 200)
            #expect(answer.response.url == server.url.appendingPathComponent("/deferred"))
            #expect(answer.response.mimeType == "application/json")
            #expect(answer.response.value(forHTTPHeaderField: "x-trace") == "7")
            #expect(answer.response.value(forHTTPHeaderField: "Content-Length") == "2")
        }

        @Test("a response with Connection: close is not reused")
        func connectionClose() async throws {
            let server = try Server { _ in .send(Server.response(headers: ["Connection": "close"], body: "ok")) }
            defer { server.stop() }
            let transport = HTTP1Transport()
            for _ in 0..<3 { _ = try await transport.send(server.get()) }
            #expect(server.acceptedConnections == 3)
        }

        @Test("chunked bodies with trailers, and bodies that end at close (never reused)")
        func framings() async throws {
            let server = try Server { request in
                if request.target == "/chunked" {
                    return .send(
                        Array(
                            ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                                + "4;x=1\r\nWiki\r\n6\r\npedia \r\n0\r\nX-Trailer: t\r\n\r\n").utf8))
                }
                return .sendAndClose(Array("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nuntil close".utf8))
            }
            defer { server.stop() }
            let transport = HTTP1Transport()
            let chunked = try await transport.send(server.get("/chunked"))
            #expect(String(decoding: chunked.data, as: UTF8.self) == "Wikipedia ")
            let delimited = try await transport.send(server.get("/close"))
            #expect(String(decoding: delimited.data, as: UTF8.self) == "until close")
            let again = try await transport.send(server.get("/chunked"))
            #expect(again.data.count == 10)
            #expect(server.acceptedConnections == 2)
        }

        @Test("HEAD reads no body even with a Content-Length, and keeps the connection")
        func head() async throws {
            let server = try Server { request in
                request.method == "HEAD"
                    ? .send(Array("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n".utf8))
                    : .send(Server.response(body: "after"))
            }
            defer { server.stop() }
            let transport = HTTP1Transport()
            var request = server.get()
            request.urlRequest.httpMethod = "HEAD"
            let answer = try await transport.send(request)
            #expect(answer.data.isEmpty)
            #expect(answer.response.expectedContentLength == 1000)
            #expect(String(decoding: try await transport.send(server.get()).data, as: UTF8.self) == "after")
            #expect(server.acceptedConnections == 1)
        }

        @Test("a GET whose pooled connection the server closed is sent again, once, on a new connection")
        func staleConnectionRetried() async throws {
            let server = try Server { request in
                request.index == 0 ? .send(Server.response(body: "ok \(request.connection)")) : .close
            }
            defer { server.stop() }
            let transport = HTTP1Transport()
            _ = try await transport.send(server.get())
            let second = try await transport.send(server.get())
            #expect(String(decoding: second.data, as: UTF8.self) == "ok 1")
            #expect(server.requests.count == 3)
            #expect(server.acceptedConnections == 2)
        }

        @Test("the retry happens only once")
        func retriedOnlyOnce() async throws {
            let server = try Server { request in
                request.connection == 0 && request.index == 0 ? .send(Server.response(body: "first")) : .close
            }
            defer { server.stop() }
            let transport = HTTP1Transport()
            _ = try await transport.send(server.get())
            await #expect(throws: URLError.self) { try await transport.send(server.get()) }
            #expect(server.requests.count == 3)
        }

        @Test("a POST whose pooled connection the server closed is not sent again")
        func postNotRetried() async throws {
            let server = try Server { request in request.index == 0 ? .send(Server.response(body: "ok")) : .close }
            defer { server.stop() }
            let transport = HTTP1Transport()
            _ = try await transport.send(server.get())
            do {
                _ = try await transport.send(server.post(body: "once"))
                Issue.record("expected a failure")
            } catch let error as URLError {
                #expect(error.code == .networkConnectionLost)
            }
            #expect(server.requests.map(\.method) == ["GET", "POST"])
        }

        @Test("cancelling a call ends it at once and closes its connection")
        func cancellation() async throws {
            let server = try Server { _ in .hang }
            defer { server.stop() }
            let transport = HTTP1Transport()
            let request = server.get("/hang", timeout: 30)
            let call = Task { try await transport.send(request) }
            _ = try await firstEvent(server) { if case .request = $0 { true } else { false } }
            // The server never answers and the request's timeout is 30 s: a CancellationError is
            // the cancellation at work, however long a busy machine took to deliver it.
            call.cancel()
            await #expect(throws: CancellationError.self) { try await call.value }
            _ = try await firstEvent(server) { if case .clientClosed = $0 { true } else { false } }
        }

        @Test("a refused connection is URLError.cannotConnectToHost")
        func refused() async throws {
            // A port held bound but not listening: a stopped server's port could be taken by
            // another test's server before the call connects.
            let reserved = try NativeTestServer.listeningSocket(listens: false)
            defer { close(reserved.fd) }
            let closed = try #require(URL(string: "http://127.0.0.1:1"))
            let refusing = try #require(URL(string: "http://127.0.0.1:\(reserved.port)/x"))
            for target in [closed, refusing] {
                do {
                    _ = try await HTTP1Transport().send(TransportRequest(urlRequest: URLRequest(url: target)))
                    Issue.record("expected a failure")
                } catch let error as URLError {
                    #expect(error.code == .cannotConnectToHost)
                }
            }
        }

        @Test("bytes that are not HTTP are an HTTPParseError")
        func garbage() async throws {
            let server = try Server { _ in .sendAndClose(Array("SSH-2.0-OpenSSH_9.0\r\n".utf8)) }
            defer { server.stop() }
            await #expect(throws: HTTPParseError.invalidStatusLine) { try await HTTP1Transport().send(server.get()) }
        }

        @Test("a body cut short is URLError.networkConnectionLost")
        func truncated() async throws {
            let server = try Server { _ in
                .sendAndClose(Array("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nshort".utf8))
            }
            defer { server.stop() }
            do {
                _ = try await HTTP1Transport().send(server.get())
                Issue.record("expected a failure")
            } catch let error as URLError {
                #expect(error.code == .networkConnectionLost)
            }
        }

        @Test("a body over maximumResponseSize is TransportError.responseTooLarge")
        func tooLarge() async throws {
            let server = try Server { request in
                request.target == "/declared"
                    ? .send(Server.response(body: [UInt8](repeating: 1, count: 2000)))
                    : .sendAndClose(Array("HTTP/1.1 200 OK\r\n\r\n".utf8) + [UInt8](repeating: 1, count: 2000))
            }
            defer { server.stop() }
            let transport = HTTP1Transport(options: .init(maximumResponseSize: 1000))
            for path in ["/declared", "/streamed"] {
                await #expect(throws: TransportError.responseTooLarge(limit: 1000)) {
                    try await transport.send(server.get(path))
                }
            }
        }

        @Test("a method that would inject a line is refused before anything is sent")
        func injection() async throws {
            let server = try Server { _ in .send(Server.response()) }
            defer { server.stop() }
            var request = server.get()
            request.urlRequest.httpMethod = "GET / HTTP/1.1\r\nX-Injected: 1\r\n\r\nGET"
            await #expect(throws: HTTPRequestError.self) { try await HTTP1Transport().send(request) }
            #expect(server.requests.isEmpty)
        }
    }
#endif
