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
                if shell.tls != nil, shell.machine.state == .connecting, let writer = shell.writer,
                    events & (Epoll.readable | Epoll.readHangUp | Epoll.hangUp | Epoll.error) != 0
                {
                    // The TLS handshake waits for the server's next flight.
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
                case .ended(let clean):
                    // Without TLS's close_notify, an end in the middle of a response may be forged.
                    let truncated = !clean && shell.machine.hasPartialResponse
                    apply(
                        shell.machine.handle(truncated ? .failed(TLSError.truncatedResponse) : .endOfStream), &shell,
                        &deferred)
                    return false
                case .failed(let error):
                    apply(shell.machine.handle(.failed(error)), &shell, &deferred)
                    return false
                }
            }
            return true
        }

        /// What one read of the connection gave.
        enum Input {
            /// Bytes at the start of the buffer; `drained` when the socket had no more.
            case bytes(Int, drained: Bool)
            case interrupted
            case wouldBlock
            /// The server closed (or reset) the connection; `clean` unless TLS ended without `close_notify`.
            case ended(clean: Bool)
            /// TLS failed: an alert, a corrupt record.
            case failed(TLSError)
        }

        /// One read: from the socket, or through TLS. Under the lock.
        private func receive(_ shell: inout Shell, into buffer: UnsafeMutableRawBufferPointer) -> Input {
            if let tls = shell.tls {
                switch tls.read(fd: fd, into: buffer) {
                // OpenSSL hands out a record at a time: only `wouldBlock` says the socket is drained.
                case .bytes(let count): return .bytes(count, drained: false)
                case .wouldBlock: return .wouldBlock
                case .ended(let clean): return .ended(clean: clean)
                case .failed(let error): return .failed(error)
                }
            }
            guard let base = buffer.baseAddress else { return .wouldBlock }
            let count = read(fd, base, buffer.count)
            if count > 0 { return .bytes(count, drained: count < buffer.count) }
            if count < 0 {
                let code = errno
                if code == EINTR { return .interrupted }
                if code == EAGAIN || code == EWOULDBLOCK { return .wouldBlock }
            }
            return .ended(clean: true)
        }

        /// Reads again once the download file caught up (from the file's queue).
        func resumeReading() {
            state.withLock { shell in
                guard shell.readingPaused else { return }
                shell.readingPaused = false
                shell.lastActivity = loop.clock.now()
                // Re-arms the edges, so input that waited is reported to the loop.
                if shell.machine.readsInput { loop.watch(self, for: .inputAndOutput) }
                if shell.machine.readsInput, shell.tls?.isQuiet == false { loop.readAgain(self) }
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
