#if os(Linux)
    import Foundation
    import Testing

    @testable import Courier
    @testable import CourierHTTP1
    @testable import CourierTransport

    /// A native stream's `gzip` body, decoded by the decoder data calls use, paced by the
    /// consumer's buffer: a bomb costs the buffer, not its decoded size.
    @Suite(
        "Native transport: stream bodies decoded", .enabled(if: ZlibLibrary.system != nil),
        .timeLimit(.minutes(1)))
    struct StreamDecodingTests {
        private typealias Server = NativeTestServer

        private static let gzipHead = HTTPResponseHead(
            minorVersion: 1, status: 200, reason: "OK",
            headers: [
                HeaderField(name: "Content-Encoding", value: "gzip"),
                HeaderField(name: "Content-Length", value: "\(CompressedFixtures.bomb.count)"),
            ])

        /// The whole body of a stream, as it came.
        private func collect(_ body: StreamedBody) async throws -> Data {
            var received = Data()
            while let chunk = try await body.next() { received.append(chunk) }
            return received
        }

        @Test("a gzip bomb handed over in one read fills the stream's buffer, not memory, and decodes whole")
        func bombHeldToTheBuffer() async throws {
            let body = StreamedBody(bufferLimit: 64 * 1024)
            let sink = StreamSink(body: body, decodes: true)
            let resumed = LockedState(false)
            sink.whenDrained { resumed.withLock { $0 = true } }
            sink.headArrived(Self.gzipHead)
            #expect(try await sink.head().head.values(of: "Content-Encoding").isEmpty)

            // As the connection does: read no more while the sink says to stop, until it resumes.
            var decoded = 0
            var paused = try sink.enqueue(CompressedFixtures.bomb)
            #expect(paused)
            while paused, let chunk = try await body.next() {
                decoded += chunk.count
                paused = !resumed.withLock { resumed in
                    defer { resumed = false }
                    return resumed
                }
            }
            sink.exchangeEnded(throwing: nil, reported: nil)
            while let chunk = try await body.next() { decoded += chunk.count }

            #expect(decoded == 2 * 1024 * 1024)
            // The buffer, one decoded piece and what one slice of compressed bytes inflates to.
            #expect(body.peakBufferedBytes < 64 * 1024 + 512 * 1024)
        }

        @Test("a gzip stream whose bytes do not decode fails with invalidContentCoding")
        func garbageFails() async throws {
            let garbage = Server.response(headers: ["Content-Encoding": "gzip"], body: "not compressed at all")
            let server = try Server { _ in .send(garbage) }
            defer { server.stop() }
            let body = StreamedBody()
            _ = try await HTTP1Transport().stream(server.get(), into: body)
            await #expect(throws: HTTPParseError.invalidContentCoding("gzip")) { try await collect(body) }
        }

        @Test("a gzip stream cut inside its compressed data fails, though its length was met")
        func truncatedFails() async throws {
            let cut = [UInt8](CompressedFixtures.gzip.prefix(100))
            let server = try Server { _ in .send(Server.response(headers: ["Content-Encoding": "gzip"], body: cut)) }
            defer { server.stop() }
            let body = StreamedBody()
            _ = try await HTTP1Transport().stream(server.get(), into: body)
            await #expect(throws: HTTPParseError.invalidContentCoding("gzip")) { try await collect(body) }
        }

        @Test("bytes that fail to decode while they waited for room end the stream and close its connection")
        func failureWhileWaitingClosesTheConnection() async throws {
            // A second gzip member that is no gzip, after 2 MiB a 64 KiB buffer cannot hold; the
            // server announces more than it sends, so only the client can end the exchange.
            let encoded = [UInt8](CompressedFixtures.bomb) + Array("not a gzip member".utf8)
            var answer = Array("HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\n".utf8)
            answer += Array("Content-Length: \(encoded.count + 100)\r\n\r\n".utf8) + encoded
            let server = try Server { [answer] _ in .send(answer) }
            defer { server.stop() }
            // Kept alive to the end: a transport that goes away can stop the event loop, and with
            // it every connection, which would hide one left open.
            let transport = HTTP1Transport()
            let body = StreamedBody(bufferLimit: 64 * 1024)
            _ = try await transport.stream(server.get(), into: body)
            await #expect(throws: HTTPParseError.invalidContentCoding("gzip")) { try await collect(body) }
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
            let body = StreamedBody()
            let head = try await HTTP1Transport(options: .init(decodesContent: false)).stream(server.get(), into: body)
            #expect(try await collect(body) == CompressedFixtures.gzip)
            #expect(head.value(forHTTPHeaderField: "Content-Encoding") == "gzip")
            #expect(server.requests.first?.headers["accept-encoding"] == nil)
        }
    }
#endif
