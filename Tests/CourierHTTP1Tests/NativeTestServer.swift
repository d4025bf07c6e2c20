#if os(Linux)
    import Foundation
    import Glibc

    @testable import Courier
    @testable import CourierHTTP1

    /// How much longer than usual timing bounds may be: sanitizers slow everything several times.
    enum NativeTiming {
        /// `4` under ThreadSanitizer or AddressSanitizer, `1` otherwise.
        static let slack: Double = {
            let sanitized = dlsym(nil, "__tsan_init") != nil || dlsym(nil, "__asan_init") != nil
            return sanitized ? 4 : 1
        }()
        /// How long a wait for an event may last before a test calls it a hang: a guard, never a
        /// wait (a test that passes never reaches it), so long that no load on the machine can.
        static let hangGuard: Double = 60 * slack
    }

    /// A loopback HTTP/1.1 server for the native transport's tests, scripted per test: every
    /// request is answered by the test's `respond` closure, byte for byte, so keep-alive,
    /// connections closed by the server, hangs and malformed answers can all be staged.
    ///
    /// Blocking sockets, one thread per connection. What happens is reported on ``events``, so
    /// a test awaits "the request arrived" or "the client closed the connection" instead of sleeping.
    final class NativeTestServer: Sendable {
        /// A request as the server read it.
        struct Request: Sendable {
            /// Which connection it came on, from 0 in order of acceptance.
            let connection: Int
            /// Its position on that connection, from 0.
            let index: Int
            let method: String
            let target: String
            /// Header fields by lowercased name.
            let headers: [String: String]
            let body: [UInt8]
        }

        /// What the server does with a request.
        enum Reply: Sendable {
            /// Writes these bytes and waits for the next request on the connection.
            case send([UInt8])
            /// Writes these bytes, then closes the connection.
            case sendAndClose([UInt8])
            /// Closes the connection without answering.
            case close
            /// Never answers; waits until the client goes away.
            case hang
            /// Writes the answer, then `extra` (a response nobody asked for) in a write of its own,
            /// reports ``Event/extraSent(_:)``, and waits for the next request on the connection.
            case sendWithExtra([UInt8], extra: [UInt8])
            /// Writes each piece the test hands over, as it does (``PacedPieces``).
            case paced(PacedPieces)
        }

        /// Something the server saw.
        enum Event: Sendable {
            case request(Request)
            /// The client closed connection `n` (or reset it).
            case clientClosed(Int)
            /// The unrequested response of ``Reply/sendWithExtra(_:extra:)`` is written on connection `n`.
            case extraSent(Int)
        }

        private struct State {
            var stopped = false
            var connections: [Int32] = []
            var accepted = 0
            var open = 0
            var mostOpenAtOnce = 0
            var requests: [Request] = []
        }

        /// The server's base URL, `http://127.0.0.1:<port>`.
        let url: URL
        /// The port it listens on.
        let port: Int
        /// Requests and client closes, in order.
        let events: AsyncStream<Event>
        private let sink: AsyncStream<Event>.Continuation
        private let listener: Int32
        private let state = LockedState(State())
        private let respond: @Sendable (Request) -> Reply

        /// Starts listening on a free loopback port.
        init(_ respond: @escaping @Sendable (Request) -> Reply) throws {
            self.respond = respond
            (events, sink) = AsyncStream.makeStream(of: Event.self)
            (listener, port) = try Self.listeningSocket()
            url = URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")
            let thread = Thread { [self] in acceptLoop() }
            thread.start()
        }

        /// A socket listening on a free loopback port, and that port; with `listens: false` the port
        /// is only reserved, so every connection to it is refused until the socket is closed.
        static func listeningSocket(listens: Bool = true) throws -> (fd: Int32, port: Int) {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let listening = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                    bind(fd, socketAddress, length) == 0 && (!listens || listen(fd, 128) == 0)
                        && getsockname(fd, socketAddress, &length) == 0
                }
            }
            guard listening else {
                close(fd)
                throw URLError(.cannotConnectToHost)
            }
            return (fd, Int(UInt16(bigEndian: address.sin_port)))
        }

        /// Stops accepting and closes every connection.
        func stop() {
            let fds = state.withLock { state -> [Int32] in
                state.stopped = true
                return state.connections
            }
            shutdown(listener, Int32(SHUT_RDWR))
            for fd in fds { shutdown(fd, Int32(SHUT_RDWR)) }
            sink.finish()
        }

        /// How many connections were accepted.
        var acceptedConnections: Int { state.withLock { $0.accepted } }
        /// The most connections open at the same time.
        var mostOpenAtOnce: Int { state.withLock { $0.mostOpenAtOnce } }
        /// Every request received, in order.
        var requests: [Request] { state.withLock { $0.requests } }

        // MARK: Serving

        private func acceptLoop() {
            while true {
                let fd = accept(listener, nil, nil)
                guard fd >= 0 else {
                    if errno == EINTR { continue }
                    break
                }
                let index = state.withLock { state -> Int? in
                    guard !state.stopped else { return nil }
                    state.connections.append(fd)
                    state.accepted += 1
                    state.open += 1
                    state.mostOpenAtOnce = max(state.mostOpenAtOnce, state.open)
                    return state.accepted - 1
                }
                guard let index else {
                    close(fd)
                    break
                }
                let thread = Thread { [self] in serve(fd, connection: index) }
                thread.start()
            }
            close(listener)
        }

        private func serve(_ fd: Int32, connection: Int) {
            var buffer: [UInt8] = []
            var index = 0
            // Whether the connection ended from the client's side rather than by a scripted close.
            var clientClosed = true
            loop: while let request = readRequest(fd, &buffer, connection: connection, index: index) {
                state.withLock { $0.requests.append(request) }
                sink.yield(.request(request))
                index += 1
                switch respond(request) {
                case .send(let bytes):
                    guard writeAll(fd, bytes) else { break loop }
                case .sendAndClose(let bytes):
                    _ = writeAll(fd, bytes)
                    clientClosed = false
                    break loop
                case .close:
                    clientClosed = false
                    break loop
                case .sendWithExtra(let bytes, let extra):
                    // Without Nagle's delay, `extra` is on its way when the event says so.
                    var noDelay: Int32 = 1
                    _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
                    guard writeAll(fd, bytes), writeAll(fd, extra) else { break loop }
                    sink.yield(.extraSent(connection))
                case .paced(let pieces):
                    while let piece = pieces.next() {
                        guard writeAll(fd, piece) else { break loop }
                    }
                case .hang:
                    var scratch = [UInt8](repeating: 0, count: 4096)
                    while scratch.withUnsafeMutableBytes({ recv(fd, $0.baseAddress, $0.count, 0) }) > 0 {}
                    break loop
                }
            }
            state.withLock { state in
                state.open -= 1
                state.connections.removeAll { $0 == fd }
            }
            close(fd)
            if clientClosed { sink.yield(.clientClosed(connection)) }
        }

        /// Reads one request (head and `Content-Length` body); `nil` when the connection ends.
        private func readRequest(_ fd: Int32, _ buffer: inout [UInt8], connection: Int, index: Int) -> Request? {
            let terminator: [UInt8] = [13, 10, 13, 10]
            var headEnd: Int?
            while headEnd == nil {
                if let range = buffer.firstRange(of: terminator) {
                    headEnd = range.upperBound
                    break
                }
                guard readMore(fd, &buffer) else { return nil }
            }
            guard let end = headEnd else { return nil }
            let lines = String(decoding: buffer[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
            let requestLine = lines[0].split(separator: " ")
            guard requestLine.count == 3 else { return nil }
            var headers: [String: String] = [:]
            for line in lines.dropFirst() where !line.isEmpty {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                    in: .whitespaces)
            }
            let length = Int(headers["content-length"] ?? "0") ?? 0
            while buffer.count < end + length {
                guard readMore(fd, &buffer) else { return nil }
            }
            let body = Array(buffer[end..<(end + length)])
            buffer.removeFirst(end + length)
            return Request(
                connection: connection, index: index, method: String(requestLine[0]), target: String(requestLine[1]),
                headers: headers, body: body)
        }

        private func readMore(_ fd: Int32, _ buffer: inout [UInt8]) -> Bool {
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return false }
            buffer.append(contentsOf: chunk[0..<count])
            return true
        }

        private func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeBytes {
                    send(fd, $0.baseAddress.map { $0 + offset }, bytes.count - offset, Int32(MSG_NOSIGNAL))
                }
                guard written > 0 else { return false }
                offset += written
            }
            return true
        }

        // MARK: Canned answers

        /// A complete response with `Content-Length`.
        static func response(
            status: Int = 200, headers: [String: String] = [:], body: String = ""
        ) -> [UInt8] {
            response(status: status, headers: headers, body: Array(body.utf8))
        }

        /// A complete response with `Content-Length`.
        static func response(status: Int = 200, headers: [String: String] = [:], body: [UInt8]) -> [UInt8] {
            var head = "HTTP/1.1 \(status) Status\r\nContent-Length: \(body.count)\r\n"
            for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
            return Array((head + "\r\n").utf8) + body
        }
    }
#endif
