#if os(Linux)
    import Foundation
    import CourierTransport
    import Glibc

    /// What a connection needs to know to receive the response to the request about to be written.
    struct ResponseExpectation: Sendable {
        /// Whether the request is `HEAD`.
        var isResponseToHEAD: Bool
        /// The parser's limits.
        var limits: HTTPResponseParser.Limits
        /// Where the body is written, instead of memory.
        var file: (any BodySink)?
        /// The largest body accepted.
        var maximumSize: Int64?
        /// Receives download progress.
        var progress: (@Sendable (TransferProgress) -> Void)?
        /// The idle timeout of the exchange, in nanoseconds.
        var timeout: UInt64?
        /// Whether a `gzip` or `deflate` body is decoded.
        var decodesContent = false
    }

    /// One TCP connection: the I/O shell around an ``HTTP1ConnectionStateMachine``. Its task
    /// writes the request on the socket itself; the ``EventLoop`` reads, and resumes the task
    /// with the whole response. Both report what happens to the machine and do what it says.
    ///
    /// Every read, write and epoll change of the descriptor happens under `state`'s lock, and the
    /// descriptor is closed under it too, so a number reused by the kernel for a new socket is
    /// never read or written here.
    final class HTTP1Connection: Sendable {
        /// The connection's tag in the event loop.
        let token: UInt64
        /// The socket.
        let fd: Int32
        /// The host and port it is connected to.
        let key: HTTP1ConnectionPool.Key
        let loop: EventLoop
        let state: LockedState<Shell>

        /// The machine, and what only the shell can hold: parked tasks, clocks, the download.
        struct Shell: Sendable {
            var machine: HTTP1ConnectionStateMachine
            var writer: CheckedContinuation<HTTP1ConnectionStateMachine.WriterOutcome, Never>?
            var responder: CheckedContinuation<ReceivedResponse, any Error>?
            var progress: (@Sendable (TransferProgress) -> Void)?
            var file: (any BodySink)?
            /// The bytes of the connection: plain, or TLS over the socket; plain again once closed.
            var stream: any ByteStream = PlainByteStream.shared
            /// The stream's opening handshake runs: a parked writer waits for input too.
            var handshaking = false
        }

        /// Work decided under the lock and done after it: resuming tasks, reporting progress.
        struct Deferred {
            var writer:
                (
                    CheckedContinuation<HTTP1ConnectionStateMachine.WriterOutcome, Never>,
                    HTTP1ConnectionStateMachine.WriterOutcome
                )?
            var responder: (CheckedContinuation<ReceivedResponse, any Error>, Result<ReceivedResponse, any Error>)?
            var progress: (@Sendable (TransferProgress) -> Void, TransferProgress)?
            var deadline: UInt64?
            var closed = false
            var rejection: (any Error)?

            func run(_ connection: HTTP1Connection) {
                if let (handler, value) = progress { handler(value) }
                if let (continuation, outcome) = writer { continuation.resume(returning: outcome) }
                if let (continuation, result) = responder { continuation.resume(with: result) }
                if let deadline { connection.loop.schedule(connection, at: deadline) }
                if closed { connection.loop.deregister(connection.token) }
            }
        }

        private init(fd: Int32, key: HTTP1ConnectionPool.Key, loop: EventLoop, connected: Bool, timeout: UInt64?) {
            self.fd = fd
            self.key = key
            self.loop = loop
            self.token = loop.makeToken()
            self.state = LockedState(
                Shell(machine: HTTP1ConnectionStateMachine(connected: connected, connectTimeout: timeout)))
        }

        // MARK: Opening

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

        /// Connects to `address`, within `timeout`, and registers the connection with `loop`;
        /// `relay` closes it if the task is cancelled. Throws ``ConnectionFailure/connectFailed(_:)``
        /// when the address refuses or cannot be reached, and closes what it opened on every error.
        /// A `secured` connection stays `connecting` until its TLS handshake ends.
        static func connect(
            to address: SocketAddress, key: HTTP1ConnectionPool.Key, loop: EventLoop, timeout: UInt64?,
            relay: CancellationRelay, secured: Bool = false
        ) async throws -> HTTP1Connection {
            let fd = socket(
                address.family, Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else { throw ConnectionFailure.connectFailed(errno) }
            var noDelay: Int32 = 1
            _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
            // Connect before registering: epoll reports a socket that is not connected yet as
            // hung up, which the loop would take for the server closing it.
            let started = address.withSockAddr { Glibc.connect(fd, $0, $1) == 0 ? 0 : errno }
            guard started == 0 || started == EINPROGRESS || started == EINTR else {
                Glibc.close(fd)
                throw ConnectionFailure.connectFailed(started)
            }
            let connection = HTTP1Connection(
                fd: fd, key: key, loop: loop, connected: started == 0 && !secured, timeout: timeout)
            relay.attach(connection)
            do {
                try await connection.finishConnecting(secured: secured)
                return connection
            } catch {
                connection.close(because: error)
                throw error
            }
        }

        /// Registers with the loop, waits for the TCP handshake if it runs, and checks its outcome;
        /// a `secured` connection stays `connecting` for its TLS handshake.
        private func finishConnecting(secured: Bool) async throws {
            var registrationError: (any Error)?
            let outcome = await withCheckedContinuation { continuation in
                var deferred = Deferred()
                var parked = false
                state.withLock { shell in
                    guard shell.machine.state == .connecting else { return }
                    // Parked before the loop can see the socket, so no edge of the handshake is missed.
                    shell.writer = continuation
                    parked = true
                    apply(shell.machine.handle(.writeWouldBlock(at: loop.clock.now())), &shell, &deferred)
                }
                deferred.run(self)
                do {
                    try loop.register(self)
                } catch {
                    registrationError = error
                    close(because: error)
                }
                if !parked { continuation.resume(returning: .proceed) }
            }
            if let registrationError { throw registrationError }
            if case .failed(let error) = outcome { throw error }
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            var deferred = Deferred()
            state.withLock { shell in
                guard shell.machine.state == .connecting else { return }
                let status = getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) == 0 ? error : errno
                if status == 0 {
                    if !secured { apply(shell.machine.handle(.connected), &shell, &deferred) }
                } else {
                    deferred.rejection = ConnectionFailure.connectFailed(status)
                    apply(shell.machine.handle(.failed(ConnectionFailure.connectFailed(status))), &shell, &deferred)
                }
            }
            deferred.run(self)
            if let rejection = deferred.rejection { throw rejection }
            let failure = state.withLock { $0.machine.state == .closed ? $0.machine.closedFailure : nil }
            if let failure { throw failure }
        }

        // MARK: Performing the machine's actions

        /// Does, under the lock, what must be: the file write queued, the socket closed, parked
        /// tasks taken; leaves the rest to `deferred`.
        func apply(_ actions: HTTP1ConnectionStateMachine.Actions, _ shell: inout Shell, _ deferred: inout Deferred) {
            if let head = actions.head, let file = shell.file { file.headArrived(head) }
            if let bytes = actions.fileBytes, let file = shell.file {
                do {
                    if try file.enqueue(bytes) { apply(shell.machine.handle(.consumerBehind), &shell, &deferred) }
                } catch {
                    apply(shell.machine.handle(.failed(error)), &shell, &deferred)
                }
            }
            if let progress = actions.progress, let handler = shell.progress { deferred.progress = (handler, progress) }
            if let outcome = actions.writer, let writer = shell.writer {
                shell.writer = nil
                deferred.writer = (writer, outcome)
            }
            if let result = actions.response, let responder = shell.responder {
                if case .success = result { shell.stream.responseCompleted() }
                shell.responder = nil
                deferred.responder = (responder, result)
            }
            if let rejection = actions.rejection { deferred.rejection = rejection }
            if let deadline = actions.deadline { deferred.deadline = deadline }
            if actions.resumeReading, shell.machine.readsInput {
                // Re-arms the edges, so input that waited is reported to the loop.
                loop.watch(self, for: .inputAndOutput)
                if !shell.stream.isQuiet { loop.readAgain(self) }
            }
            if let reason = actions.close {
                shell.stream.close(fd: fd, because: reason)
                shell.stream = PlainByteStream.shared
                Glibc.close(fd)
                deferred.closed = true
            }
        }

        /// Closes the connection; a task waiting on it fails with `error`.
        func close(because error: any Error) {
            var deferred = Deferred()
            state.withLock { shell in
                let event: HTTP1ConnectionStateMachine.Event = error is CancellationError ? .cancelled : .failed(error)
                apply(shell.machine.handle(event), &shell, &deferred)
            }
            deferred.run(self)
        }
    }
#endif
