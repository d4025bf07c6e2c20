#if os(Linux)
    import Glibc
    import Testing

    @testable import CourierHTTP1

    /// The plain layer of a connection's bytes (`http://`): the system calls the HTTP code makes
    /// through ``ByteStream`` without knowing which layer it has.
    @Suite("Native transport: the plain byte stream")
    struct PlainByteStreamTests {
        /// Two connected, non-blocking sockets, closed after `body`.
        private func withSocketPair(_ body: (Int32, Int32) throws -> Void) throws {
            var fds: [Int32] = [-1, -1]
            try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue), 0, &fds) == 0)
            defer { for fd in fds { Glibc.close(fd) } }
            try body(fds[0], fds[1])
        }

        private func read(_ stream: PlainByteStream, _ fd: Int32) -> (ByteStreamRead, [UInt8]) {
            var bytes = [UInt8](repeating: 0, count: 8)
            let outcome = bytes.withUnsafeMutableBytes { stream.read(fd: fd, into: $0) }
            guard case .bytes(let count, _) = outcome else { return (outcome, []) }
            return (outcome, Array(bytes[..<count]))
        }

        @Test("has no handshake, is always quiet, and bytes written come out at the other end")
        func bytesGoThrough() throws {
            try withSocketPair { client, server in
                let stream = PlainByteStream.shared
                guard case .done = stream.handshake(fd: client) else {
                    Issue.record("a plain stream has no handshake")
                    return
                }
                #expect(stream.isQuiet)
                let sent = "GET".utf8.withContiguousStorageIfAvailable {
                    stream.write(fd: client, UnsafeRawBufferPointer($0))
                }
                guard case .wrote(3) = sent else {
                    Issue.record("wrote \(String(describing: sent))")
                    return
                }
                let (outcome, bytes) = read(stream, server)
                #expect(bytes == Array("GET".utf8))
                // A read shorter than the buffer drained the socket.
                guard case .bytes(3, drained: true) = outcome else {
                    Issue.record("read \(outcome)")
                    return
                }
            }
        }

        @Test("an empty socket would block; a closed peer is an end that needs no vouching")
        func wouldBlockThenEnd() throws {
            try withSocketPair { client, server in
                let stream = PlainByteStream.shared
                guard case .wouldBlock = read(stream, server).0 else {
                    Issue.record("an empty socket read as something")
                    return
                }
                shutdown(client, Int32(SHUT_WR))
                guard case .ended(let truncation) = read(stream, server).0 else {
                    Issue.record("a closed peer did not end the stream")
                    return
                }
                #expect(truncation == nil)
            }
        }
    }
#endif
