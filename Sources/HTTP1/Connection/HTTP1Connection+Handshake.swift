#if os(Linux)
    import CourierTransport
    import Foundation

    /// The opening handshake of a connection's byte stream (TLS's), driven by the event loop as
    /// the TCP handshake is: the task tries a step under the lock and parks until the socket is
    /// ready.
    extension HTTP1Connection {
        /// Runs `stream`'s handshake on a connection whose TCP handshake ended (still
        /// `connecting`), and leaves it `idle`, reading and writing through `stream`. Throws what
        /// the handshake failed with, or why the connection closed meanwhile (its timeout,
        /// cancellation); the caller closes it.
        func handshake(_ stream: any ByteStream) async throws {
            state.withLock { shell in
                shell.stream = stream
                shell.handshaking = true
            }
            while try await handshakeStep(stream) {}
            var deferred = Deferred()
            let failure = state.withLock { shell -> (any Error)? in
                shell.handshaking = false
                guard shell.machine.state == .connecting else { return shell.machine.closedFailure }
                apply(shell.machine.handle(.connected), &shell, &deferred)
                return nil
            }
            deferred.run(self)
            if let failure { throw failure }
        }

        /// One step of the handshake; parks until the socket is ready when the step needs it.
        /// `true` while the handshake goes on.
        private func handshakeStep(_ stream: any ByteStream) async throws -> Bool {
            var step = ByteStreamHandshake.wantsInput
            let outcome = await withCheckedContinuation { continuation in
                var deferred = Deferred()
                state.withLock { shell in
                    guard shell.machine.state == .connecting else {
                        deferred.writer = (continuation, .failed(shell.machine.closedFailure))
                        return
                    }
                    // Tried under the lock that parks the task: no edge is missed between.
                    step = stream.handshake(fd: fd)
                    switch step {
                    case .wantsInput, .wantsOutput:
                        shell.writer = continuation
                        apply(shell.machine.handle(.writeWouldBlock(at: loop.clock.now())), &shell, &deferred)
                    case .done, .failed:
                        deferred.writer = (continuation, .proceed)
                    }
                }
                deferred.run(self)
            }
            if case .failed(let error) = outcome { throw error }
            switch step {
            case .done: return false
            case .failed(let error): throw error
            case .wantsInput, .wantsOutput: return true
            }
        }
    }
#endif
