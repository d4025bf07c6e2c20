#if os(Linux)
    import Foundation
    import CourierTransport

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
    }

    /// One TCP connection: the I/O shell around an ``HTTP1ConnectionStateMachine``, owned by one
    /// ``EventLoop``. Its loop's thread makes every system call and OpenSSL call on the socket
    /// (``ConnectionSocket``): it connects, runs the handshake, writes what the task hands over,
    /// reads, and closes. The task that uses the connection only parks: it queues its work under
    /// `state`'s lock, submits it to the loop, and is resumed from there.
    ///
    /// `state`'s lock guards that handoff (the machine, the parked tasks, the queued write) and is
    /// never held across a system call: the loop takes what to do under it, does it outside, and
    /// reports the outcome under it again. Since only the loop closes the descriptor, a number
    /// the kernel reuses for a new socket is never read or written here.
    final class HTTP1Connection: Sendable {
        /// The connection's tag in the event loop.
        let token: UInt64
        /// The host and port it is connected to.
        let key: HTTP1ConnectionPool.Key
        let loop: EventLoop
        /// The socket, the loop's alone.
        let socket: ConnectionSocket
        let state: LockedState<Shell>

        /// What the loop drives for a parked task.
        enum Work: Sendable {
            /// The TCP handshake to `address` (started when the loop takes it up).
            case connecting(SocketAddress, started: Bool)
            /// The byte stream's opening handshake.
            case handshaking
            /// Bytes to write.
            case writing(PendingWrite)
        }

        /// Bytes a task handed to the loop, and how far the loop got.
        struct PendingWrite: Sendable {
            /// What the task handed over.
            let bytes: any ContiguousBytes & Sendable
            /// How many of `bytes` are on the socket.
            var offset = 0
            /// The request's last bytes: the machine hears that it is sent once they are written.
            let endsRequest: Bool
            /// A pooled connection's first write: the loop checks it is quiet before writing.
            var checksQuiet: Bool
            /// No writer parks: the task waits for the response (``HTTP1Connection/finish(_:checksQuiet:)``).
            let awaitsResponse: Bool
        }

        /// The machine, and what only the shell can hold: parked tasks, the loop's work, the
        /// download. Deadlines and read pauses are the machine's.
        struct Shell: Sendable {
            var machine: HTTP1ConnectionStateMachine
            var writer: CheckedContinuation<HTTP1ConnectionStateMachine.WriterOutcome, Never>?
            var responder: CheckedContinuation<ReceivedResponse, any Error>?
            /// What the loop does for the parked task.
            var work: Work?
            var progress: (@Sendable (TransferProgress) -> Void)?
            var file: (any BodySink)?
        }

        /// Work decided under the lock and done after it: socket work handed to the loop, tasks
        /// resumed, progress reported.
        struct Deferred {
            var writer:
                (
                    CheckedContinuation<HTTP1ConnectionStateMachine.WriterOutcome, Never>,
                    HTTP1ConnectionStateMachine.WriterOutcome
                )?
            var responder: (CheckedContinuation<ReceivedResponse, any Error>, Result<ReceivedResponse, any Error>)?
            var progress: (@Sendable (TransferProgress) -> Void, TransferProgress)?
            var deadline: UInt64?
            /// The socket closes, for this reason.
            var close: (any Error)?
            /// A response completed: the stream may keep what the next connection can use.
            var responseCompleted = false
            /// The loop goes on with the parked task's work (the socket became ready).
            var continuesWork = false
            /// The machine let reading go on after a pause: the loop watches the socket again.
            var resumesReading = false
            var rejection: (any Error)?

            func run(_ connection: HTTP1Connection) {
                if close != nil || responseCompleted || continuesWork || resumesReading {
                    let (reason, completed, continues, resumes) = (
                        close, responseCompleted, continuesWork, resumesReading
                    )
                    connection.loop.execute {
                        if completed { connection.socket.responseCompleted() }
                        if let reason {
                            connection.socket.close(because: reason)
                            connection.loop.deregister(connection.token)
                        } else {
                            if resumes { connection.watchAgain() }
                            if continues { connection.continueWork() }
                        }
                    }
                }
                if let (handler, value) = progress { handler(value) }
                if let (continuation, outcome) = writer { continuation.resume(returning: outcome) }
                if let (continuation, result) = responder { continuation.resume(with: result) }
                if let deadline { connection.loop.schedule(connection, at: deadline) }
            }
        }

        /// A connection not connected yet, on `loop`; ``connect(to:key:loop:timeout:relay:secured:)`` makes one.
        init(key: HTTP1ConnectionPool.Key, loop: EventLoop, timeout: UInt64?) {
            self.key = key
            self.loop = loop
            self.token = loop.makeToken()
            self.socket = ConnectionSocket(loop: loop)
            self.state = LockedState(
                Shell(machine: HTTP1ConnectionStateMachine(connected: false, connectTimeout: timeout)))
        }

        // MARK: Performing the machine's actions

        /// Does, under the lock, what must be: the file write queued, parked tasks taken; leaves
        /// the rest to `deferred` (socket work to the loop).
        func apply(_ actions: HTTP1ConnectionStateMachine.Actions, _ shell: inout Shell, _ deferred: inout Deferred) {
            if let head = actions.head, let file = shell.file { file.headArrived(head) }
            if let bytes = actions.fileBytes, let file = shell.file, file.enqueue(bytes) {
                apply(shell.machine.handle(.consumerBehind), &shell, &deferred)
            }
            if let progress = actions.progress, let handler = shell.progress { deferred.progress = (handler, progress) }
            if let outcome = actions.writer {
                if case .proceed = outcome, shell.work != nil {
                    // The socket is ready for the work the loop drives: the task stays parked.
                    deferred.continuesWork = true
                } else {
                    finishWork(outcome, &shell, &deferred)
                }
            }
            if let result = actions.response, let responder = shell.responder {
                if case .success = result { deferred.responseCompleted = true }
                shell.responder = nil
                deferred.responder = (responder, result)
            }
            if let rejection = actions.rejection { deferred.rejection = rejection }
            if let deadline = actions.deadline { deferred.deadline = deadline }
            if actions.resumeReading, shell.machine.readsInput { deferred.resumesReading = true }
            if let reason = actions.close {
                // A task parked while the machine had nothing to tell it (its write not taken up
                // yet, its response not awaited yet) hears of the close too.
                finishWork(.failed(shell.machine.closedFailure), &shell, &deferred)
                if let responder = shell.responder, deferred.responder == nil {
                    shell.responder = nil
                    deferred.responder = (responder, .failure(shell.machine.closedFailure))
                }
                deferred.close = reason
            }
        }

        /// Ends the parked task's work with `outcome`: a writer is resumed with it; a task waiting
        /// for the response (``finish(_:checksQuiet:)``) gets the answer, or the failure.
        func finishWork(
            _ outcome: HTTP1ConnectionStateMachine.WriterOutcome, _ shell: inout Shell, _ deferred: inout Deferred
        ) {
            var awaitsResponse = false
            if case .writing(let pending) = shell.work { awaitsResponse = pending.awaitsResponse }
            shell.work = nil
            if awaitsResponse {
                if case .failed(let error) = outcome, shell.machine.state != .closed, let responder = shell.responder {
                    shell.responder = nil
                    deferred.responder = (responder, .failure(error))
                } else if shell.responder != nil, deferred.responder == nil {
                    awaitResponse(&shell, &deferred)
                }
            } else if let writer = shell.writer {
                shell.writer = nil
                deferred.writer = (writer, outcome)
            }
        }

        /// Tells the machine the parked responder waits; never leaves it parked in a state
        /// nothing resumes it from.
        func awaitResponse(_ shell: inout Shell, _ deferred: inout Deferred) {
            if shell.machine.isWriting {
                // A request whose last write did not say so.
                apply(shell.machine.handle(.requestSent), &shell, &deferred)
            }
            apply(shell.machine.handle(.awaitResponse(at: loop.clock.now())), &shell, &deferred)
            if let responder = shell.responder, deferred.responder == nil, shell.machine.clock != .exchange {
                shell.responder = nil
                deferred.responder = (responder, .failure(shell.machine.closedFailure))
            }
        }

        /// Closes the connection; a task waiting on it fails with `error`. From any thread: the
        /// socket itself closes on the loop's.
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
