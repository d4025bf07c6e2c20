#if os(Linux)
    import Foundation
    import Testing

    @testable import Courier

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// Every call of one `URLSessionTransport`, data or stream, is an exchange of its one session:
    /// they share its connections, and `shutdown()` ends them all.
    @Suite("URLSessionTransport: one session for data calls and streams", .timeLimit(.minutes(1)))
    struct URLSessionOneSessionTests {
        private typealias Server = NativeTestServer

        private func collect(_ body: StreamedBody) async throws -> Data {
            var received = Data()
            while let chunk = try await body.next() { received.append(chunk) }
            return received
        }

        @Test(
            "a data call, a stream and a data call again go over one connection of the one session",
            arguments: [nil, TransportResponse.defaultMaximumSize])
        func streamsAndDataCallsShareTheConnection(limit: Int64?) async throws {
            let server = try Server { request in .send(Server.response(body: "ok \(request.connection)")) }
            defer { server.stop() }
            // Without a limit, the data calls take the completion-handler path; with one, the delegate's.
            let transport = URLSessionTransport(options: .init(maximumResponseSize: limit))

            #expect(try await transport.send(server.get()).data == Data("ok 0".utf8))
            let body = StreamedBody()
            let head = try await transport.stream(server.get(), into: body)
            #expect(head.statusCode == 200)
            #expect(head.timings?.firstByte != nil)
            #expect(try await collect(body) == Data("ok 0".utf8))
            #expect(try await transport.send(server.get()).data == Data("ok 0".utf8))

            #expect(server.requests.count == 3)
            #expect(server.acceptedConnections == 1)
            #expect(transport.session.configuration.httpShouldSetCookies == false)
        }

        @Test("shutdown() ends a stream in flight, and refuses later streams and data calls")
        func shutdownEndsStreamsAndRefusesLaterCalls() async throws {
            // A head, part of a body, then silence: the stream stays in flight until it is ended.
            let partial = Array("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\nfirst".utf8)
            let server = try Server { _ in .send(partial) }
            defer { server.stop() }
            let transport = URLSessionTransport()
            let body = StreamedBody()
            _ = try await transport.stream(server.get(), into: body)
            #expect(try await body.next() == Data("first".utf8))

            await transport.shutdown()

            await #expect(throws: CancellationError.self) { _ = try await collect(body) }
            let refused: @Sendable (any Error) -> Bool = { ($0 as? URLError)?.code == .cancelled }
            await #expect { _ = try await transport.stream(server.get(), into: StreamedBody()) } throws: { refused($0) }
            await #expect { _ = try await transport.send(server.get()) } throws: { refused($0) }
            #expect(server.requests.count == 1)
        }

        @Test("a stream's idle limit stops its task and ends its body with a timeout, after what arrived")
        func idleLimitKeepsWhatArrived() async throws {
            let partial = Array("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\nfirst".utf8)
            let server = try Server { _ in .send(partial) }
            defer { server.stop() }
            let transport = URLSessionTransport()
            let body = StreamedBody()
            _ = try await transport.stream(server.get(), into: body)
            // From the head on, as a provider sets it: before, the request's own timeout applies.
            body.limitIdleTime(to: 1)

            // The limit passed and the transport stopped the transfer: the server sees the client go.
            for await event in server.events {
                if case .clientClosed = event { break }
            }
            #expect(try await body.next() == Data("first".utf8))
            await #expect { _ = try await body.next() } throws: { ($0 as? URLError)?.code == .timedOut }
        }
    }
#endif
