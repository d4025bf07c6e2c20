#if os(Linux)
    import Foundation
    import CourierTransport

    /// Opening a connection: the TCP handshake, raced over addresses, then the byte stream's own.
    /// The loop makes the socket, connects it and watches it; the task waits for the outcome.
    extension HTTP1Connection {
        /// Connects to one of `addresses`, raced as Happy Eyeballs does (``AddressRacer``): IPv6
        /// and IPv4 alternate, each attempt has `timeout` of its own, the next starts after a
        /// short head start or as soon as the one before fails, and the first to connect wins
        /// (the others are closed). `relay` closes the connection if the task is cancelled.
        static func open(
            to addresses: [SocketAddress], key: HTTP1ConnectionPool.Key, loop: EventLoop, timeout: UInt64?,
            relay: CancellationRelay, racer: AddressRacer = AddressRacer(), tls: TLSSetup? = nil
        ) async throws -> HTTP1Connection {
            let connection = try await connectFirst(
                of: addresses, key: key, loop: loop, timeout: timeout, relay: relay, racer: racer, secured: tls != nil)
            guard let tls else { return connection }
            do {
                try await connection.secure(with: tls)
                return connection
            } catch {
                connection.close(because: error)
                throw error
            }
        }

        /// The first of `addresses` to accept a TCP connection; still `connecting` when `secured`,
        /// for the TLS handshake that follows.
        private static func connectFirst(
            of addresses: [SocketAddress], key: HTTP1ConnectionPool.Key, loop: EventLoop, timeout: UInt64?,
            relay: CancellationRelay, racer: AddressRacer, secured: Bool
        ) async throws -> HTTP1Connection {
            if addresses.count == 1, let address = addresses.first {
                // Nothing to race: no task to start.
                return try await connect(
                    to: address, key: key, loop: loop, timeout: timeout, relay: relay, secured: secured)
            }
            let connection = try await racer.race(
                AddressRacer.interleaved(addresses, family: \.family),
                attempt: { address in
                    // Each attempt closes its own socket when the race cancels it.
                    let attemptRelay = CancellationRelay()
                    return try await withTaskCancellationHandler {
                        try await connect(
                            to: address, key: key, loop: loop, timeout: timeout, relay: attemptRelay, secured: secured)
                    } onCancel: {
                        attemptRelay.cancel()
                    }
                },
                discard: { $0.close(because: CancellationError()) })
            relay.attach(connection)
            return connection
        }

        /// Connects to `address`, within `timeout`, on `loop`; `relay` closes the connection if the
        /// task is cancelled. Throws ``ConnectionFailure/connectFailed(_:)`` when the address
        /// refuses or cannot be reached, and closes what it opened on every error. A `secured`
        /// connection stays `connecting` until its TLS handshake ends.
        static func connect(
            to address: SocketAddress, key: HTTP1ConnectionPool.Key, loop: EventLoop, timeout: UInt64?,
            relay: CancellationRelay, secured: Bool = false
        ) async throws -> HTTP1Connection {
            let connection = HTTP1Connection(key: key, loop: loop, timeout: timeout)
            relay.attach(connection)
            do {
                try await connection.performConnect(to: address, secured: secured)
                return connection
            } catch {
                connection.close(because: error)
                throw error
            }
        }

        /// Parks the task while the loop connects the socket; a `secured` connection stays
        /// `connecting` for its TLS handshake.
        private func performConnect(to address: SocketAddress, secured: Bool) async throws {
            try await awaitOpening(.connecting(address, started: false), endsOpening: !secured) { [self] in
                continueWork()
            }
        }

        /// Parks the task while the loop does `work` on a connection still `connecting` (`start`,
        /// run on the loop once the task is parked, takes it up), then tells the machine the
        /// connection is open when the work `endsOpening`. Throws what the work failed with, or
        /// why the connection closed meanwhile (its timeout, cancellation).
        func awaitOpening(_ work: Work, endsOpening: Bool, start: @escaping @Sendable () -> Void) async throws {
            let outcome = await withCheckedContinuation { continuation in
                var deferred = Deferred()
                let submit = state.withLock { shell -> Bool in
                    guard shell.machine.state == .connecting else {
                        deferred.writer = (continuation, .failed(shell.machine.closedFailure))
                        return false
                    }
                    shell.writer = continuation
                    shell.work = work
                    return true
                }
                deferred.run(self)
                if submit { loop.execute(start) }
            }
            if case .failed(let error) = outcome { throw error }
            var deferred = Deferred()
            let failure = state.withLock { shell -> (any Error)? in
                guard shell.machine.state == .connecting else { return shell.machine.closedFailure }
                if endsOpening { apply(shell.machine.handle(.connected), &shell, &deferred) }
                return nil
            }
            deferred.run(self)
            if let failure { throw failure }
        }

        /// On the loop: starts the TCP handshake (registering the socket, whose first writable
        /// edge says it ended), or, once it ended, resumes the task with its outcome.
        func continueConnecting(to address: SocketAddress, started: Bool) {
            var deferred = Deferred()
            defer { deferred.run(self) }
            guard started else {
                let code = socket.connect(to: address)
                if code == 0 {
                    do {
                        try loop.register(self)
                    } catch {
                        state.withLock { apply($0.machine.handle(.failed(error)), &$0, &deferred) }
                        return
                    }
                }
                state.withLock { shell in
                    guard code == 0 else {
                        return apply(
                            shell.machine.handle(.failed(ConnectionFailure.connectFailed(code))), &shell, &deferred)
                    }
                    guard case .connecting = shell.work else { return }
                    shell.work = .connecting(address, started: true)
                    // Starts the connect timeout; the loop hears of the end as a writable edge.
                    apply(shell.machine.handle(.writeWouldBlock(at: loop.clock.now())), &shell, &deferred)
                }
                return
            }
            let code = socket.connectError()
            state.withLock { shell in
                guard case .connecting = shell.work else { return }
                if code == 0 {
                    finishWork(.proceed, &shell, &deferred)
                } else {
                    apply(shell.machine.handle(.failed(ConnectionFailure.connectFailed(code))), &shell, &deferred)
                }
            }
        }
    }
#endif
