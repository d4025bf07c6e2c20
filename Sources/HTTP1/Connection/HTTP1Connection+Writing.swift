#if os(Linux)
    import Foundation
    import CourierTransport

    /// How the loop writes what a task handed over: as much as the socket takes, then on each
    /// writable edge, until all is written or the server's answer or hang-up ends the writing.
    extension HTTP1Connection {
        /// On the loop: writes the pending bytes, each `send` outside the lock; resumes the task
        /// once all are written, or when the writing must stop.
        func continueWriting() {
            while true {
                var deferred = Deferred()
                let taken = state.withLock { shell -> PendingWrite? in
                    guard case .writing(let pending) = shell.work else { return nil }
                    let permission = shell.machine.writePermission
                    guard case .proceed = permission else {
                        finishWork(permission, &shell, &deferred)
                        return nil
                    }
                    return pending
                }
                deferred.run(self)
                guard var pending = taken else { return }
                if pending.checksQuiet {
                    guard socket.isQuiet else { return refuseStale() }
                    pending.checksQuiet = false
                }
                let total = pending.bytes.withUnsafeBytes { $0.count }
                let offset = pending.offset
                let sent = pending.bytes.withUnsafeBytes { buffer -> ByteStreamWrite in
                    guard let base = buffer.baseAddress, offset < total else { return .wrote(0) }
                    return socket.write(UnsafeRawBufferPointer(start: base + offset, count: total - offset))
                }
                switch sent {
                case .wrote(let written):
                    pending.offset += written
                    if record(pending, done: pending.offset == total) { return }
                case .interrupted:
                    continue
                case .blocked:
                    state.withLock { shell in
                        guard case .writing = shell.work else { return }
                        shell.work = .writing(pending)
                        // The writable edge brings the loop back (``handle(events:readBuffer:)``).
                        apply(shell.machine.handle(.writeWouldBlock(at: loop.clock.now())), &shell, &deferred)
                    }
                    deferred.run(self)
                    return
                case .failed:
                    return writeFailed()
                }
            }
        }

        /// Notes bytes written; `true` when the work ended (all written, or the task gone).
        private func record(_ pending: PendingWrite, done: Bool) -> Bool {
            var deferred = Deferred()
            let ended = state.withLock { shell -> Bool in
                guard case .writing = shell.work else { return true }
                guard done else {
                    shell.work = .writing(pending)
                    return false
                }
                if pending.endsRequest { apply(shell.machine.handle(.requestSent), &shell, &deferred) }
                finishWork(.proceed, &shell, &deferred)
                return true
            }
            deferred.run(self)
            return ended
        }

        /// The server closed or reset the connection. What it answered before may still be in
        /// the socket: read it first, for it may be the whole answer (RFC 9112 §9.5).
        private func writeFailed() {
            let reads = state.withLock { $0.machine.readsInput }
            if reads {
                withUnsafeTemporaryAllocation(byteCount: Self.failedWriteReadBufferSize, alignment: 16) { buffer in
                    while readAvailable(buffer, drain: true) {}
                }
            }
            var deferred = Deferred()
            state.withLock { shell in
                if shell.machine.state != .closed { apply(shell.machine.handle(.endOfStream), &shell, &deferred) }
                guard case .writing = shell.work else { return }
                var outcome = shell.machine.writePermission
                if case .proceed = outcome { outcome = .failed(ConnectionFailure.closedBeforeResponse) }
                finishWork(outcome, &shell, &deferred)
            }
            deferred.run(self)
        }

        /// A pooled connection was not quiet when its request was about to go out (bytes nobody
        /// asked for, or a hang-up): nothing is written, the task hears so, the connection closes.
        private func refuseStale() {
            var deferred = Deferred()
            state.withLock { shell in
                finishWork(.failed(StaleConnection()), &shell, &deferred)
                apply(shell.machine.handle(.endOfStream), &shell, &deferred)
            }
            deferred.run(self)
        }

        /// The size of the buffer read into after a failed write, off the loop's own.
        private static let failedWriteReadBufferSize = 16 * 1024
    }
#endif
