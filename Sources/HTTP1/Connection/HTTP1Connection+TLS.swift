#if os(Linux)
    import CourierTransport
    import Foundation

    /// What a connection needs to speak TLS: the transport's context and the URL's host.
    struct TLSSetup: Sendable {
        let context: TLSContext
        /// The URL's host, without IPv6 brackets, by one spelling (``HostName/normalized(_:)``): the
        /// name sent as SNI, checked against the certificate and looked up in the pins.
        let host: String
    }

    /// The TLS handshake of an `https://` connection, driven by the event loop as the TCP
    /// handshake is: the task tries a step under the lock and parks until the socket is ready.
    extension HTTP1Connection {
        /// Runs the TLS handshake on a connection whose TCP handshake ended (still `connecting`),
        /// checks the host's pins, and leaves it `idle`. Throws a ``TLSError``, or why the
        /// connection closed meanwhile (its timeout, cancellation); the caller closes it.
        func secure(with setup: TLSSetup) async throws {
            let stream = try setup.context.makeStream(host: setup.host, key: key)
            state.withLock { shell in
                shell.tls = stream
                shell.tlsContext = setup.context
            }
            while try await handshakeStep(stream) != .done {}
            if let pins = setup.context.pins[setup.host], !stream.chainMatches(pins) {
                throw TLSError.publicKeyPinMismatch(host: setup.host)
            }
            var deferred = Deferred()
            let failure = state.withLock { shell -> (any Error)? in
                guard shell.machine.state == .connecting else { return shell.machine.closedFailure }
                apply(shell.machine.handle(.connected), &shell, &deferred)
                return nil
            }
            deferred.run(self)
            if let failure { throw failure }
        }

        /// Gives the TLS session to the context for the host's next connection, once: after the
        /// first answer, when a TLS 1.3 server's tickets (sent after the handshake) have been read.
        func keepTLSSession(_ shell: inout Shell) {
            guard let tls = shell.tls, let context = shell.tlsContext else { return }
            shell.tlsContext = nil
            context.keepSession(of: tls, for: key)
        }

        /// One step of the handshake; parks until the socket is ready when the step needs it.
        private func handshakeStep(_ stream: TLSStream) async throws -> TLSStream.HandshakeStep {
            var step = TLSStream.HandshakeStep.wantsInput
            let outcome = await withCheckedContinuation { continuation in
                var deferred = Deferred()
                state.withLock { shell in
                    guard shell.machine.state == .connecting else {
                        deferred.writer = (continuation, .failed(shell.machine.closedFailure))
                        return
                    }
                    // Tried under the lock that parks the task: no edge is missed between.
                    step = stream.handshake(fd: fd)
                    guard step == .wantsInput || step == .wantsOutput else {
                        deferred.writer = (continuation, .proceed)
                        return
                    }
                    shell.writer = continuation
                    apply(shell.machine.handle(.writeWouldBlock), &shell, &deferred)
                }
                deferred.run(self)
            }
            if case .failed(let error) = outcome { throw error }
            if case .failed(let error) = step { throw error }
            return step
        }
    }
#endif
