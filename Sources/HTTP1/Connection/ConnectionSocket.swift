#if os(Linux)
    import CourierTransport
    import Glibc

    /// A connection's socket and the byte stream over it, touched only on its event loop's thread:
    /// every system call and OpenSSL call of the connection goes through here, and each checks,
    /// in debug builds, that it runs on that thread (``EventLoop/assertOnLoopThread(file:line:)``).
    ///
    /// `@unchecked Sendable`: the connection shares it with the loop, which alone uses it; the
    /// loop's submission queue orders every use after the task that handed the work over.
    final class ConnectionSocket: @unchecked Sendable {
        /// The loop whose thread alone uses the socket.
        private let loop: EventLoop
        /// The descriptor, `-1` until the socket is made and once it is closed.
        private(set) var fd: Int32 = -1
        /// Plain, or TLS over the socket; plain again once closed.
        private var stream: any ByteStream = PlainByteStream.shared

        /// No socket yet: ``connect(to:)`` makes it, on `loop`'s thread.
        init(loop: EventLoop) {
            self.loop = loop
        }

        /// Whether the socket is open.
        var isOpen: Bool {
            loop.assertOnLoopThread()
            return fd >= 0
        }

        /// Makes a non-blocking socket and starts connecting it to `address`; `0` once started,
        /// the `errno` that stopped it otherwise (nothing stays open then).
        func connect(to address: SocketAddress) -> Int32 {
            loop.assertOnLoopThread()
            let made = socket(
                address.family, Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue), 0)
            guard made >= 0 else { return errno }
            var noDelay: Int32 = 1
            _ = setsockopt(made, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
            let started = address.withSockAddr { Glibc.connect(made, $0, $1) == 0 ? 0 : errno }
            guard started == 0 || started == EINPROGRESS || started == EINTR else {
                Glibc.close(made)
                return started
            }
            fd = made
            return 0
        }

        /// The outcome of the TCP handshake once the socket reported ready: `0`, or its `errno`.
        func connectError() -> Int32 {
            loop.assertOnLoopThread()
            guard fd >= 0 else { return EBADF }
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            return getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) == 0 ? error : errno
        }

        /// Reads and writes through `stream` from now on (its handshake still to run).
        func use(_ stream: any ByteStream) {
            loop.assertOnLoopThread()
            self.stream = stream
        }

        /// One step of the stream's opening handshake.
        func handshake() -> ByteStreamHandshake {
            loop.assertOnLoopThread()
            guard fd >= 0 else { return .failed(ConnectionFailure.closedBeforeResponse) }
            return stream.handshake(fd: fd)
        }

        /// One read into `buffer`.
        func read(into buffer: UnsafeMutableRawBufferPointer) -> ByteStreamRead {
            loop.assertOnLoopThread()
            guard fd >= 0 else { return .ended(truncation: nil) }
            return stream.read(fd: fd, into: buffer)
        }

        /// One write of the start of `bytes`.
        func write(_ bytes: UnsafeRawBufferPointer) -> ByteStreamWrite {
            loop.assertOnLoopThread()
            guard fd >= 0 else { return .failed }
            return stream.write(fd: fd, bytes)
        }

        /// Whether nothing waits to be read, in the socket or above it, and the server has not
        /// hung up: checked before a pooled connection carries another request.
        var isQuiet: Bool {
            loop.assertOnLoopThread()
            return fd >= 0 && IdleConnectionCheck.isQuiet(fd) && stream.isQuiet
        }

        /// Whether the stream holds no byte already read from the socket.
        var streamIsQuiet: Bool {
            loop.assertOnLoopThread()
            return stream.isQuiet
        }

        /// A complete response went to its task (TLS keeps the session for the next connection).
        func responseCompleted() {
            loop.assertOnLoopThread()
            stream.responseCompleted()
        }

        /// Ends the stream and closes the descriptor, once.
        func close(because reason: any Error) {
            loop.assertOnLoopThread()
            guard fd >= 0 else { return }
            stream.close(fd: fd, because: reason)
            stream = PlainByteStream.shared
            Glibc.close(fd)
            fd = -1
        }
    }
#endif
