#if os(Linux)
    import Foundation
    import CourierTransport
    import Glibc

    /// What the event loop does with a connection: read what arrives, wake a parked writer,
    /// enforce deadlines.
    extension HTTP1Connection {
        /// Handles epoll `events`; returns `true` when data may remain to be read (the read
        /// budget ran out), so the loop comes back without waiting for another edge.
        func handle(events: UInt32, readBuffer: UnsafeMutableRawBufferPointer) -> Bool {
            var deferred = Deferred()
            let more = state.withLock { shell -> Bool in
                if shell.handshaking, shell.machine.state == .connecting, let writer = shell.writer,
                    events & (Epoll.readable | Epoll.readHangUp | Epoll.hangUp | Epoll.error) != 0
                {
                    // The stream's handshake waits for the server's next flight.
                    shell.writer = nil
                    deferred.writer = (writer, .proceed)
                }
                if events & (Epoll.writable | Epoll.error | Epoll.hangUp) != 0 {
                    apply(shell.machine.handle(.writable), &shell, &deferred)
                }
                guard shell.machine.readsInput,
                    events & (Epoll.readable | Epoll.readHangUp | Epoll.hangUp | Epoll.error) != 0
                else { return false }
                // With a hang-up in this event, read to the end: no other edge will come for it.
                let drain = events & (Epoll.readHangUp | Epoll.hangUp | Epoll.error) != 0
                return readAvailable(&shell, readBuffer, drain: drain, &deferred)
            }
            deferred.run(self)
            return more
        }

        /// Reads until the socket is drained, the connection ends, reading pauses for the
        /// download file, or the budget runs out (then `true`). Under the lock.
        func readAvailable(
            _ shell: inout Shell, _ buffer: UnsafeMutableRawBufferPointer, drain: Bool, _ deferred: inout Deferred
        ) -> Bool {
            guard buffer.baseAddress != nil else { return false }
            for _ in 0..<16 {
                guard shell.machine.readsInput else { return false }
                switch receive(&shell, into: buffer) {
                case .bytes(let count, let drained):
                    let bytes = UnsafeRawBufferPointer(rebasing: buffer[..<count])
                    apply(shell.machine.read(bytes, at: loop.clock.now()), &shell, &deferred)
                    // A short read drained the socket; new data will raise a new edge.
                    if drained, !drain { return false }
                case .interrupted:
                    continue
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
            }
            return true
        }

        /// One read, through the connection's byte stream. Under the lock.
        private func receive(_ shell: inout Shell, into buffer: UnsafeMutableRawBufferPointer) -> ByteStreamRead {
            shell.stream.read(fd: fd, into: buffer)
        }

        /// Reads again once the download file caught up (from the file's queue).
        func resumeReading() {
            var deferred = Deferred()
            state.withLock { shell in
                apply(shell.machine.handle(.consumerCaughtUp(at: loop.clock.now())), &shell, &deferred)
            }
            deferred.run(self)
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
