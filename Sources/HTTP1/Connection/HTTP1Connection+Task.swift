#if os(Linux)
    import Foundation
    import CourierTransport

    /// What the task that uses a connection does with it: take it from the pool, hand its request
    /// to the loop, wait for the response, give it back. Nothing here touches the socket.
    extension HTTP1Connection {
        /// Whether the machine lets the connection carry another request. Whether the socket is
        /// quiet is checked by the loop before the next request is written (``StaleConnection``).
        var isReusable: Bool {
            state.withLock { $0.machine.isReusable }
        }

        /// Takes the connection out of the pool for a request: `false` when closed (the pool then
        /// closes it). The loop checks the socket is quiet before the first write of a reused connection.
        func activate() -> Bool {
            var deferred = Deferred()
            let leased = state.withLock { shell -> Bool in
                guard shell.machine.state == .pooled else { return false }
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
                reportsProgress: expectation.progress != nil,
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

        /// Has the loop write all of `bytes`, and waits until it did.
        ///
        /// Returns `false`, without error, when the server already answered in full (it may answer
        /// before reading the whole body, for example with a `413`): the answer is the response,
        /// and the rest of the request need not be written.
        ///
        /// With `endsRequest`, these are the request's last bytes: the machine hears that the
        /// request is sent as the write that completes it is noted, so an answer read just after
        /// is never taken for an early one. With `checksQuiet` (a pooled connection's first
        /// write), throws ``StaleConnection`` when the socket was not quiet, before writing.
        @discardableResult
        func write(
            _ bytes: some ContiguousBytes & Sendable, endsRequest: Bool = false, checksQuiet: Bool = false
        ) async throws -> Bool {
            guard bytes.withUnsafeBytes({ $0.count }) > 0 else { return true }
            let outcome = await withCheckedContinuation { continuation in
                var deferred = Deferred()
                let submit = state.withLock { shell -> Bool in
                    let permission = shell.machine.writePermission
                    guard case .proceed = permission else {
                        deferred.writer = (continuation, permission)
                        return false
                    }
                    shell.writer = continuation
                    shell.work = .writing(
                        PendingWrite(
                            bytes: bytes, endsRequest: endsRequest, checksQuiet: checksQuiet, awaitsResponse: false))
                    return true
                }
                deferred.run(self)
                if submit { loop.execute { [self] in continueWriting() } }
            }
            switch outcome {
            case .proceed: return true
            case .answered: return false
            case .failed(let error): throw error
            }
        }

        /// Has the loop write the whole request, `bytes`, and waits for the response: one handover
        /// and one wake-up for a request that fits one write. `checksQuiet` as for ``write(_:endsRequest:checksQuiet:)``.
        func finish(_ bytes: some ContiguousBytes & Sendable, checksQuiet: Bool) async throws -> ReceivedResponse {
            try await withCheckedThrowingContinuation { continuation in
                var deferred = Deferred()
                let submit = state.withLock { shell -> Bool in
                    shell.responder = continuation
                    guard case .proceed = shell.machine.writePermission else {
                        awaitResponse(&shell, &deferred)
                        return false
                    }
                    shell.work = .writing(
                        PendingWrite(bytes: bytes, endsRequest: true, checksQuiet: checksQuiet, awaitsResponse: true))
                    return true
                }
                deferred.run(self)
                if submit { loop.execute { [self] in continueWriting() } }
            }
        }

        /// The response to the request written, once complete: from the loop's thread, whole.
        func response() async throws -> ReceivedResponse {
            try await withCheckedThrowingContinuation { continuation in
                var deferred = Deferred()
                state.withLock { shell in
                    shell.responder = continuation
                    awaitResponse(&shell, &deferred)
                }
                deferred.run(self)
            }
        }
    }
#endif
