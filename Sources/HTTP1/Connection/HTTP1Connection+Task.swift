#if os(Linux)
    import Foundation
    import CourierTransport
    import Glibc

    /// What the task that uses a connection does with it: take it from the pool, write a request,
    /// wait for the response, give it back.
    extension HTTP1Connection {
        /// Whether the connection is open, and quiet, so it may carry another request.
        var isReusable: Bool {
            state.withLock { $0.machine.isReusable && IdleConnectionCheck.isQuiet(fd) && $0.stream.isQuiet }
        }

        /// Takes the connection out of the pool for a request: `false` when closed or not quiet
        /// (the pool closes it).
        func activate() -> Bool {
            var deferred = Deferred()
            let leased = state.withLock { shell -> Bool in
                guard shell.machine.state == .pooled else { return false }
                guard IdleConnectionCheck.isQuiet(fd), shell.stream.isQuiet else {
                    // Bytes nobody asked for, or a hang-up: the machine closes it.
                    apply(shell.machine.handle(.endOfStream), &shell, &deferred)
                    return false
                }
                apply(shell.machine.handle(.leased), &shell, &deferred)
                return deferred.rejection == nil
            }
            deferred.run(self)
            return leased
        }

        /// Puts the connection in the pool until `deadline`.
        func markIdle(until deadline: UInt64) {
            var deferred = Deferred()
            state.withLock { shell in
                apply(shell.machine.handle(.released(reusable: true, idleUntil: deadline)), &shell, &deferred)
            }
            deferred.run(self)
            loop.schedule(self, at: deadline)
        }

        /// Prepares to receive a response; call before writing the request, so no byte of the
        /// answer can arrive unexpected.
        func expect(_ expectation: ResponseExpectation) throws {
            let rules = HTTP1ConnectionStateMachine.ResponseRules(
                isResponseToHEAD: expectation.isResponseToHEAD, limits: expectation.limits,
                maximumSize: expectation.maximumSize, bodyToFile: expectation.file != nil,
                reportsProgress: expectation.progress != nil, decodesContent: expectation.decodesContent,
                idleTimeout: expectation.timeout,
                idleTimeoutEndsWithHead: expectation.file?.timeoutEndsWithHead ?? false)
            var deferred = Deferred()
            state.withLock { shell in
                // The pool hands a released connection straight to a waiting task, without activate().
                if shell.machine.state == .pooled { apply(shell.machine.handle(.leased), &shell, &deferred) }
                apply(shell.machine.handle(.requestStarted(rules)), &shell, &deferred)
                shell.progress = expectation.progress
                shell.file = expectation.file
            }
            deferred.run(self)
            if let rejection = deferred.rejection { throw rejection }
            expectation.file?.whenDrained { [weak self] in self?.resumeReading() }
            expectation.file?.whenFailed { [weak self] code in
                self?.close(because: ConnectionFailure.fileWriteFailed(code))
            }
        }

        /// How one attempt to write went.
        private enum Step {
            case wrote(Int)
            case blocked
            case stop(HTTP1ConnectionStateMachine.WriterOutcome)
        }

        /// Writes all of `bytes`, waiting for the socket to drain when it is full.
        ///
        /// Returns early, without error, when the server already answered in full (it may answer
        /// before reading the whole body, for example with a `413`): the answer is the response.
        ///
        /// With `endsRequest`, these are the request's last bytes: the machine hears that the
        /// request is sent under the lock of the write that completes it, so an answer read just
        /// after is never taken for an early one.
        /// Returns `false` when the answer came first, so the rest of the request need not be written.
        @discardableResult
        func write(_ bytes: some ContiguousBytes & Sendable, endsRequest: Bool = false) async throws -> Bool {
            let total = bytes.withUnsafeBytes { $0.count }
            var offset = 0
            while offset < total {
                var deferred = Deferred()
                var step = state.withLock { send(bytes, from: offset, endsRequest, &$0, &deferred) }
                deferred.run(self)
                if case .blocked = step {
                    let outcome = await withCheckedContinuation { continuation in
                        var deferred = Deferred()
                        state.withLock { shell in
                            // Tried again under the lock that parks the writer: no edge is missed between.
                            let retried = send(bytes, from: offset, endsRequest, &shell, &deferred)
                            guard case .blocked = retried else {
                                step = retried
                                deferred.writer = (continuation, .proceed)
                                return
                            }
                            shell.writer = continuation
                            apply(shell.machine.handle(.writeWouldBlock(at: loop.clock.now())), &shell, &deferred)
                        }
                        deferred.run(self)
                    }
                    if case .blocked = step { step = .stop(outcome) }
                }
                switch step {
                case .wrote(let count): offset += count
                case .blocked, .stop(.proceed): continue
                case .stop(.answered): return false
                case .stop(.failed(let error)): throw error
                }
            }
            return true
        }

        /// One `send` (under the lock), or why not.
        private func send(
            _ bytes: some ContiguousBytes, from offset: Int, _ endsRequest: Bool, _ shell: inout Shell,
            _ deferred: inout Deferred
        ) -> Step {
            let permission = shell.machine.writePermission
            guard case .proceed = permission else { return .stop(permission) }
            let total = bytes.withUnsafeBytes { $0.count }
            let sent = bytes.withUnsafeBytes { buffer -> ByteStreamWrite in
                guard let base = buffer.baseAddress, offset < total else { return .wrote(0) }
                let rest = UnsafeRawBufferPointer(start: base + offset, count: total - offset)
                return shell.stream.write(fd: fd, rest)
            }
            switch sent {
            case .wrote(let written):
                if endsRequest, offset + written == total {
                    apply(shell.machine.handle(.requestSent), &shell, &deferred)
                }
                return .wrote(written)
            case .blocked: return .blocked
            case .interrupted: return .wrote(0)
            case .failed: break
            }
            // The server closed or reset the connection. What it answered before may still be in
            // the socket: read it first, for it may be the whole answer (RFC 9112 §9.5).
            withUnsafeTemporaryAllocation(byteCount: Self.taskReadBufferSize, alignment: 16) { buffer in
                while readAvailable(&shell, buffer, drain: true, &deferred) {}
            }
            if shell.machine.state != .closed { apply(shell.machine.handle(.endOfStream), &shell, &deferred) }
            let outcome = shell.machine.writePermission
            if case .proceed = outcome { return .stop(.failed(ConnectionFailure.closedBeforeResponse)) }
            return .stop(outcome)
        }

        /// The size of the buffer a writer reads into on its own thread after a failed write.
        private static let taskReadBufferSize = 16 * 1024

        /// The response to the request written, once complete: from the loop's thread, whole.
        func response() async throws -> ReceivedResponse {
            try await withCheckedThrowingContinuation { continuation in
                var deferred = Deferred()
                state.withLock { shell in
                    shell.responder = continuation
                    if shell.machine.isWriting {
                        // A request whose last write did not say so.
                        apply(shell.machine.handle(.requestSent), &shell, &deferred)
                    }
                    apply(shell.machine.handle(.awaitResponse(at: loop.clock.now())), &shell, &deferred)
                    if shell.responder != nil, deferred.responder == nil, shell.machine.clock != .exchange {
                        // Never left parked in a state nothing resumes it from.
                        shell.responder = nil
                        deferred.responder = (continuation, .failure(shell.machine.closedFailure))
                    }
                }
                deferred.run(self)
            }
        }
    }
#endif
