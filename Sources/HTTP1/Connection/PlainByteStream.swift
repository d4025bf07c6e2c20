#if os(Linux)
    import Glibc

    /// A connection's bytes as they are on the socket: `http://`.
    final class PlainByteStream: ByteStream {
        /// The one instance: a plain stream holds nothing.
        static let shared = PlainByteStream()

        func handshake(fd: Int32) -> ByteStreamHandshake { .done }

        func read(fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> ByteStreamRead {
            guard let base = buffer.baseAddress else { return .wouldBlock }
            let count = Glibc.read(fd, base, buffer.count)
            if count > 0 { return .bytes(count, drained: count < buffer.count) }
            if count < 0 {
                let code = errno
                if code == EINTR { return .interrupted }
                if code == EAGAIN || code == EWOULDBLOCK { return .wouldBlock }
            }
            return .ended(truncation: nil)
        }

        func write(fd: Int32, _ bytes: UnsafeRawBufferPointer) -> ByteStreamWrite {
            guard let base = bytes.baseAddress else { return .wrote(0) }
            // MSG_NOSIGNAL: a server that hung up must not raise SIGPIPE.
            let written = Glibc.send(fd, base, bytes.count, Int32(MSG_NOSIGNAL))
            if written >= 0 { return .wrote(written) }
            let code = errno
            return code == EAGAIN || code == EWOULDBLOCK ? .blocked : code == EINTR ? .interrupted : .failed
        }

        /// Nothing is held above the socket.
        var isQuiet: Bool { true }

        func responseCompleted() {}

        func close(fd: Int32, because reason: any Error) {}
    }
#endif
