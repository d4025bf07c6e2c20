#if os(Linux)
    import CourierTransport
    import Foundation

    /// The opening handshake of a connection's byte stream (TLS's), driven by the event loop as
    /// the TCP handshake is: the loop makes the stream, takes a step, and takes the next on the
    /// socket's next readiness edge; the task parks until the last.
    extension HTTP1Connection {
        /// Runs the handshake of the stream `makeStream` makes (on the loop's thread) on a
        /// connection whose TCP handshake ended (still `connecting`), and leaves it `idle`, reading
        /// and writing through that stream. Throws what the handshake failed with, or why the
        /// connection closed meanwhile (its timeout, cancellation); the caller closes it.
        func handshake(_ makeStream: @escaping @Sendable () throws -> any ByteStream) async throws {
            try await awaitOpening(.handshaking, endsOpening: true) { [self] in
                // The OpenSSL session is made here, as every later call on it is.
                loop.assertOnLoopThread()
                do {
                    socket.use(try makeStream())
                } catch {
                    return close(because: error)
                }
                continueWork()
            }
        }

        /// On the loop: one step of the handshake; the task resumes when it ended, one way or the other.
        func continueHandshake() {
            let step = socket.handshake()
            var deferred = Deferred()
            state.withLock { shell in
                guard case .handshaking = shell.work else { return }
                switch step {
                case .done:
                    finishWork(.proceed, &shell, &deferred)
                case .wantsInput, .wantsOutput:
                    // Waits for the next edge, under the connection's timeout.
                    apply(shell.machine.handle(.writeWouldBlock(at: loop.clock.now())), &shell, &deferred)
                case .failed(let error):
                    finishWork(.failed(error), &shell, &deferred)
                }
            }
            deferred.run(self)
        }
    }
#endif
