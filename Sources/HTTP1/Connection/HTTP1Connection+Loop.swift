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
                guard shell.machine.readsInput, !shell.readingPaused,
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
                guard shell.machine.readsInput, !shell.readingPaused else { return false }
                switch receive(&shell, into: buffer) {
                case .bytes(let count, let drained):
                    shell.lastActivity = loop.clock.now()
                    if shell.firstByteAt == nil { shell.firstByteAt = shell.lastActivity }
                    apply(shell.machine.read(UnsafeRawBufferPointer(rebasing: buffer[..<count])), &shell, &deferred)
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
            state.withLock { shell in
                guard shell.readingPaused else { return }
                shell.readingPaused = false
                shell.lastActivity = loop.clock.now()
                // Re-arms the edges, so input that waited is reported to the loop.
                if shell.machine.readsInput { loop.watch(self, for: .inputAndOutput) }
                if shell.machine.readsInput, !shell.stream.isQuiet { loop.readAgain(self) }
            }
        }

        /// Closes the connection when a deadline passed; returns its next deadline otherwise.
        func expireIfDue(now: UInt64) -> UInt64? {
            var deferred = Deferred()
            let next = state.withLock { shell -> UInt64? in
                switch shell.machine.clock {
                case .exchange:
                    guard let timeout = shell.timeout else { return nil }
                    let deadline = shell.lastActivity + timeout
                    guard now >= deadline else { return deadline }
                    apply(shell.machine.handle(.timedOut), &shell, &deferred)
                case .pool:
                    guard let deadline = shell.idleDeadline else { return nil }
                    guard now >= deadline else { return deadline }
                    apply(shell.machine.handle(.idleTimeout), &shell, &deferred)
                case .none:
                    break
                }
                return nil
            }
            deferred.run(self)
            return next
        }
    }
#endif
