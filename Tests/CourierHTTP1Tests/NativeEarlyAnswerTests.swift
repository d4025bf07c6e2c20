#if os(Linux)
    import Foundation
    import Glibc
    import Testing

    @testable import Courier
    @testable import CourierHTTP1

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// A server that answers a large upload before reading its body (a `413`), then closes: the
    /// answer is the response (RFC 9112 §9.5), as URLSession returns it, not a lost connection.
    @Suite("Native transport, an answer before the whole request", .enabled(if: HTTP1Transport.isAvailable))
    struct NativeEarlyAnswerTests {
        /// How the server ends the connection after its answer.
        enum Ending: CaseIterable, Sendable {
            /// Closes at once, the body unread (the kernel then resets the connection).
            case close
            /// Shuts its side, reads and drops what the client still sends, then closes.
            case lingering
        }

        /// Serves one connection per call: reads a request's head, answers `413` with
        /// `Connection: close`, and ends as `ending` says.
        final class EarlyAnswerServer: Sendable {
            let url: URL
            private let listener: Int32

            init(ending: Ending) throws {
                let (fd, port) = try NativeTestServer.listeningSocket()
                listener = fd
                url = URL(string: "http://127.0.0.1:\(port)/upload") ?? URL(fileURLWithPath: "/")
                let thread = Thread { [fd] in
                    while true {
                        let client = accept(fd, nil, nil)
                        guard client >= 0 else { return }
                        Thread { Self.serve(client, ending: ending) }.start()
                    }
                }
                thread.start()
            }

            func stop() { shutdown(listener, Int32(SHUT_RDWR)) }

            private static func serve(_ fd: Int32, ending: Ending) {
                defer { close(fd) }
                var received: [UInt8] = []
                var chunk = [UInt8](repeating: 0, count: 4096)
                while received.firstRange(of: [13, 10, 13, 10]) == nil {
                    let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                    guard count > 0 else { return }
                    received += chunk[0..<count]
                }
                let answer = Array(
                    "HTTP/1.1 413 Content Too Large\r\nContent-Length: 9\r\nConnection: close\r\n\r\ntoo large".utf8)
                _ = answer.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                guard ending == .lingering else { return }
                shutdown(fd, Int32(SHUT_WR))
                var drained = 0
                while drained < 64 * 1024 * 1024 {
                    let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                    guard count > 0 else { return }
                    drained += count
                }
            }
        }

        @Test("a 5 MB POST answered 413 before its body was read returns the 413", arguments: Ending.allCases)
        func earlyAnswer(ending: Ending) async throws {
            let server = try EarlyAnswerServer(ending: ending)
            defer { server.stop() }
            let transport = HTTP1Transport()
            var request = URLRequest(url: server.url)
            request.httpMethod = "POST"
            request.httpBody = Data(repeating: 0x61, count: 5 * 1024 * 1024)
            for _ in 0..<5 {
                let answer = try await transport.send(TransportRequest(urlRequest: request))
                #expect(answer.response.statusCode == 413)
                #expect(answer.data == Data("too large".utf8))
            }
        }

        @Test("a 5 MB file upload answered 413 before its body was read returns the 413")
        func earlyAnswerToFileUpload() async throws {
            let server = try EarlyAnswerServer(ending: .close)
            defer { server.stop() }
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-early-\(UUID())")
            try Data(repeating: 0x62, count: 5 * 1024 * 1024).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let transport = HTTP1Transport()
            var request = URLRequest(url: server.url)
            request.httpMethod = "POST"
            let answer = try await transport.send(TransportRequest(urlRequest: request, kind: .upload(.file(file))))
            #expect(answer.response.statusCode == 413)
        }
    }
#endif
