#if os(Linux)
    import Foundation
    import CourierTransport

    /// What the event loop does with a connection: read what arrives, go on with the parked
    /// task's work when the socket is ready, enforce deadlines. All on the loop's thread, with
    /// the connection's lock taken only between system calls.
    extension HTTP1Connection {
        /// Handles epoll `events`; returns `true` when data may remain to be read (the read
        /// budget ran out), so the loop comes back without waiting for another edge.
        func handle(events: UInt32, readBuffer: UnsafeMutableRawBufferPointer) -> Bool {
            let input = events & (Epoll.readable | Epoll.readHangUp | Epoll.hangUp | Epoll.error) != 0
            var deferred = Deferred()
            let reads = state.withLock { shell -> Bool in
                if case .handshaking = shell.work, shell.machine.state == .connecting, input {
                    // The stream's handshake waits for the server's next flight.
                    deferred.continuesWork = true
                }
                if events & (Epoll.writable | Epoll.error | Epoll.hangUp) != 0 {
                    apply(shell.machine.handle(.writable), &shell, &deferred)
                }
                return input && shell.machine.readsInput
            }
            deferred.run(self)
            guard reads else { return false }
            // With a hang-up in this event, read to the end: no other edge will come for it.
            let drain = events & (Epoll.readHangUp | Epoll.hangUp | Epoll.error) != 0
            return readAvailable(readBuffer, drain: drain)
        }

        /// On the loop: goes on with the work a task handed over, if it still waits.
        func continueWork() {
            switch state.withLock({ $0.work }) {
            case .connecting(let address, let started): continueConnecting(to: address, started: started)
            case .handshaking: continueHandshake()
            case .writing: continueWriting()
            case nil: break
            }
        }

        /// Reads until the socket is drained, the connection ends, reading pauses for the
        /// download file, or the budget runs out (then `true`). On the loop, each read outside
        /// the lock, its bytes handed to the machine under it.
        func readAvailable(_ buffer: UnsafeMutableRawBufferPointer, drain: Bool) -> Bool {
            guard buffer.baseAddress != nil else { return false }
            for _ in 0..<16 {
                let result = socket.read(into: buffer)
                var deferred = Deferred()
                let goOn = state.withLock { shell -> Bool in
                    switch result {
                    case .bytes(let count, let drained):
                        if case .writing(let pending) = shell.work, pending.checksQuiet {
                            // Bytes before the first byte of a pooled connection's request (the
                            // quiet check waits its turn behind this read): never its answer.
                            finishWork(.failed(StaleConnection()), &shell, &deferred)
                            apply(shell.machine.handle(.endOfStream), &shell, &deferred)
                            return false
                        }
                        let bytes = UnsafeRawBufferPointer(rebasing: buffer[..<count])
                        apply(shell.machine.read(bytes, at: loop.clock.now()), &shell, &deferred)
                        // A short read drained the socket; new data will raise a new edge.
                        if drained, !drain { return false }
                    case .interrupted:
                        break
                    case .wouldBlock:
                        return false
                    case .ended(let truncation):
                        // An end the stream cannot vouch for, in the middle of a response, may be forged.
                        if let truncation, shell.machine.hasPartialResponse {
                            apply(shell.machine.handle(.failed(truncation)), &shell, &deferred)
                        } else {
                            apply(shell.machine.handle(.endOfStream), &shell, &deferred)
                        }
                        return false
                    case .failed(let error):
                        apply(shell.machine.handle(.failed(error)), &shell, &deferred)
                        return false
                    }
                    return shell.machine.readsInput
                }
                deferred.run(self)
                guard goOn else { return false }
            }
            return true
        }

        /// Tells the machine the download file caught up (called from the file's queue): reading
        /// goes on, the socket work on the loop (``watchAgain()``).
        func resumeReading() {
            var deferred = Deferred()
            state.withLock { shell in
                apply(shell.machine.handle(.consumerCaughtUp(at: loop.clock.now())), &shell, &deferred)
            }
            deferred.run(self)
        }

        /// On the loop, after a read pause: re-arms the edges, so input that waited is reported,
        /// and reads what the stream buffered, which no edge will report.
        func watchAgain() {
            guard socket.isOpen else { return }
            loop.watch(self, for: .inputAndOutput)
            if !socket.streamIsQuiet { loop.readAgain(self) }
        }

        /// Tells the machine a timer fired at `now`: it closes the connection when a deadline
        /// passed; returns its next deadline otherwise.
        func expireIfDue(now: UInt64) -> UInt64? {
            var deferred = Deferred()
            let next = state.withLock { shell -> UInt64? in
                var actions = shell.machine.handle(.timerFired(now: now))
                // The loop arms the next deadline itself, from the value returned.
                let next = actions.deadline
                actions.deadline = nil
                apply(actions, &shell, &deferred)
                return next
            }
            deferred.run(self)
            return next
        }
    }
#endif
