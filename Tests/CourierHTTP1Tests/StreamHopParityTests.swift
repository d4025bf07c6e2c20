#if os(Linux)
    import Foundation
    import Testing

    @testable import Courier
    @testable import CourierHTTP1

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// A stream's hop keeps the rules of a data call on both transports: a stale pooled connection
    /// retried once, a compressed body decoded, the failing URL in every error, the request's
    /// timeout bounding the connect.
    @Suite("Stream hop: the data call's rules on both transports", .timeLimit(.minutes(2)))
    struct StreamHopParityTests {
        private typealias Server = NativeTestServer

        /// The transports a stream goes through.
        enum Sender: String, CaseIterable, Sendable {
            case urlSession
            case native

            func make(connectTimeout: TimeInterval = 10) -> any StreamingTransport {
                switch self {
                case .urlSession: URLSessionTransport()
                case .native: HTTP1Transport(options: .init(connectTimeout: connectTimeout))
                }
            }
        }

        /// The whole body of a stream, as it came.
        private func collect(_ body: StreamedBody) async throws -> Data {
            var received = Data()
            while let chunk = try await body.next() { received.append(chunk) }
            return received
        }

        @Test(
            "a GET stream whose pooled connection the server closed is sent again, once, on a new one",
            arguments: Sender.allCases)
        func staleConnectionRetried(sender: Sender) async throws {
            let server = try Server { request in
                request.index == 0 ? .send(Server.response(body: "ok \(request.connection)")) : .close
            }
            defer { server.stop() }
            let transport = sender.make()
            let first = StreamedBody()
            _ = try await transport.stream(server.get(), into: first)
            #expect(try await collect(first) == Data("ok 0".utf8))

            let second = StreamedBody()
            let head = try await transport.stream(server.get(), into: second)
            #expect(head.statusCode == 200)
            #expect(try await collect(second) == Data("ok 1".utf8))
            #expect(server.requests.count == 3)
            #expect(server.acceptedConnections == 2)
        }

        @Test("a stream retried on a stale connection is retried only once")
        func staleConnectionRetriedOnce() async throws {
            let server = try Server { request in
                request.connection == 0 && request.index == 0 ? .send(Server.response(body: "first")) : .close
            }
            defer { server.stop() }
            let transport = HTTP1Transport()
            let first = StreamedBody()
            _ = try await transport.stream(server.get(), into: first)
            _ = try await collect(first)
            await #expect(throws: URLError.self) { try await transport.stream(server.get(), into: StreamedBody()) }
            #expect(server.requests.count == 3)
        }

        @Test("a POST stream on a stale pooled connection is not sent again")
        func postNotRetried() async throws {
            let server = try Server { request in request.index == 0 ? .send(Server.response(body: "ok")) : .close }
            defer { server.stop() }
            let transport = HTTP1Transport()
            let first = StreamedBody()
            _ = try await transport.stream(server.get(), into: first)
            _ = try await collect(first)
            await #expect {
                _ = try await transport.stream(server.post(body: "once"), into: StreamedBody())
            } throws: { error in
                (error as? URLError)?.code == .networkConnectionLost
            }
            #expect(server.requests.map(\.method) == ["GET", "POST"])
        }

        @Test(
            "a gzip body the server sends whatever it was asked arrives decoded, as a data call's does",
            .enabled(if: ContentDecoder.isAvailable), arguments: Sender.allCases)
        func gzipStreamDecoded(sender: Sender) async throws {
            let compressed = Server.response(
                headers: ["Content-Encoding": "gzip"], body: [UInt8](CompressedFixtures.gzip))
            let server = try Server { _ in .send(compressed) }
            defer { server.stop() }
            let chain = CallChain(transport: sender.make())
            let (head, body) = try await chain.stream(server.get())
            #expect(try await collect(body) == CompressedFixtures.text)
            let data = try await chain.send(server.get())
            #expect(data.data == CompressedFixtures.text)
            // The chain's decoded head describes the body the consumer reads; libcurl keeps the header.
            if sender == .native {
                #expect(head.value(forHTTPHeaderField: "Content-Encoding") == nil)
                #expect(data.value(forHTTPHeaderField: "Content-Encoding") == nil)
            }
        }

        @Test("the chain asks for gzip and deflate on a native stream as on its data calls")
        func nativeStreamAsksForCompression() async throws {
            let server = try Server { _ in .send(Server.response(body: "plain")) }
            defer { server.stop() }
            let chain = CallChain(transport: HTTP1Transport())
            let (_, body) = try await chain.stream(server.get())
            _ = try await collect(body)
            _ = try await chain.send(server.get())
            let asked = server.requests.map { $0.headers["accept-encoding"] }
            #expect(asked == ["gzip, deflate", "gzip, deflate"])
        }

        @Test("a stream that fails before its head carries the failing URL", arguments: Sender.allCases)
        func failureBeforeHeadHasURL(sender: Sender) async throws {
            let server = try Server { _ in .close }
            defer { server.stop() }
            let request = server.get("/cut")
            await #expect {
                _ = try await sender.make().stream(request, into: StreamedBody())
            } throws: { error in
                (error as? URLError)?.failingURL == request.urlRequest.url
            }
        }

        @Test("a stream cut in the middle of its body fails with the failing URL", arguments: Sender.allCases)
        func failureMidBodyHasURL(sender: Sender) async throws {
            let partial = Array("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\nfirst piece".utf8)
            let server = try Server { _ in .sendAndClose(partial) }
            defer { server.stop() }
            let request = server.get("/cut")
            let body = StreamedBody()
            _ = try await sender.make().stream(request, into: body)
            await #expect {
                _ = try await collect(body)
            } throws: { error in
                (error as? URLError)?.failingURL == request.urlRequest.url
            }
        }
    }
#endif
