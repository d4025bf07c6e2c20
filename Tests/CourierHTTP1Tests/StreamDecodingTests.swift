#if os(Linux)
    import Foundation
    import Testing

    @testable import Courier
    @testable import CourierHTTP1
    @testable import CourierTransport

    /// A stream's `gzip` body, decoded by the chain's link as its consumer reads it: the buffer holds
    /// compressed bytes, so a bomb costs the buffer and one decoded piece, not its decoded size.
    @Suite(
        "Content decoding: stream bodies decoded as read", .enabled(if: ContentDecoder.isAvailable),
        .timeLimit(.minutes(1)))
    struct StreamDecodingTests {
        private typealias Server = NativeTestServer

        /// The whole body of a stream, as its consumer reads it.
        private func collect(_ body: StreamedBody) async throws -> Data {
            var received = Data()
            while let chunk = try await body.next() { received.append(chunk) }
            return received
        }

        @Test("a gzip bomb handed over in one piece is buffered compressed and read decoded, a piece at a time")
        func bombHeldToTheBuffer() async throws {
            let body = StreamedBody(bufferLimit: 64 * 1024)
            body.decodeAsRead(with: try #require(ContentDecoder.make(.gzip)))
            #expect(!body.yield(CompressedFixtures.bomb) || CompressedFixtures.bomb.count < 64 * 1024)
            body.finish()
            var decoded = 0
            var largestPiece = 0
            while let piece = try await body.next() {
                decoded += piece.count
                largestPiece = max(largestPiece, piece.count)
            }
            #expect(decoded == 2 * 1024 * 1024)
            #expect(body.peakBufferedBytes == CompressedFixtures.bomb.count)
            // One piece, and what one slice of compressed bytes inflates to past it.
            #expect(largestPiece <= ReadDecoding.pieceSize + 1032 * ReadDecoding.sliceSize)
        }

        @Test("a gzip stream whose bytes do not decode fails with invalidContentCoding")
        func garbageFails() async throws {
            let garbage = Server.response(headers: ["Content-Encoding": "gzip"], body: "not compressed at all")
            let server = try Server { _ in .send(garbage) }
            defer { server.stop() }
            let (_, body) = try await CallChain(transport: HTTP1Transport()).stream(server.get())
            await #expect(throws: TransportError.invalidContentCoding("gzip")) { try await collect(body) }
        }

        @Test("a gzip stream cut inside its compressed data fails, though its length was met")
        func truncatedFails() async throws {
            let cut = [UInt8](CompressedFixtures.gzip.prefix(100))
            let server = try Server { _ in .send(Server.response(headers: ["Content-Encoding": "gzip"], body: cut)) }
            defer { server.stop() }
            let (_, body) = try await CallChain(transport: HTTP1Transport()).stream(server.get())
            await #expect(throws: TransportError.invalidContentCoding("gzip")) { try await collect(body) }
        }

        @Test("bytes that fail to decode end the stream and close its connection")
        func failureClosesTheConnection() async throws {
            // A second gzip member that is no gzip, after 2 MiB of decoded body; the server
            // announces more than it sends, so only the client can end the exchange.
            let encoded = [UInt8](CompressedFixtures.bomb) + Array("not a gzip member".utf8)
            var answer = Array("HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\n".utf8)
            answer += Array("Content-Length: \(encoded.count + 100)\r\n\r\n".utf8) + encoded
            let server = try Server { [answer] _ in .send(answer) }
            defer { server.stop() }
            // Kept alive to the end: a transport that goes away can stop the event loop, and with
            // it every connection, which would hide one left open.
            let transport = HTTP1Transport()
            let (_, body) = try await CallChain(transport: transport).stream(server.get())
            await #expect(throws: TransportError.invalidContentCoding("gzip")) { try await collect(body) }
            for await event in server.events {
                if case .clientClosed(let connection) = event {
                    #expect(connection == 0)
                    break
                }
            }
            withExtendedLifetime(transport) {}
        }

        @Test("with decoding off, a stream asks for nothing and its gzip body comes as it was sent")
        func decodingOff() async throws {
            let compressed = Server.response(
                headers: ["Content-Encoding": "gzip"], body: [UInt8](CompressedFixtures.gzip))
            let server = try Server { _ in .send(compressed) }
            defer { server.stop() }
            let chain = CallChain(transport: HTTP1Transport(options: .init(decodesContent: false)))
            let (head, body) = try await chain.stream(server.get())
            #expect(try await collect(body) == CompressedFixtures.gzip)
            #expect(head.value(forHTTPHeaderField: "Content-Encoding") == "gzip")
            #expect(server.requests.first?.headers["accept-encoding"] == nil)
        }

        @Test("the native transport itself hands a stream's gzip body over as it came, asking for nothing")
        func transportDoesNotDecode() async throws {
            let compressed = Server.response(
                headers: ["Content-Encoding": "gzip"], body: [UInt8](CompressedFixtures.gzip))
            let server = try Server { _ in .send(compressed) }
            defer { server.stop() }
            let body = StreamedBody()
            let head = try await HTTP1Transport().stream(server.get(), into: body)
            #expect(try await collect(body) == CompressedFixtures.gzip)
            #expect(head.value(forHTTPHeaderField: "Content-Encoding") == "gzip")
            #expect(server.requests.first?.headers["accept-encoding"] == nil)
        }
    }
#endif
