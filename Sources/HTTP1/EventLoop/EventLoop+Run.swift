#if os(Linux)
    import CourierTransport
    import Glibc

    /// The loop's turns: wait on epoll (or not, when work is queued), handle what is ready, run
    /// what tasks submitted, fire due deadlines.
    extension EventLoop {
        /// The body of the loop's thread, until ``stop()``.
        func run() {
            let events = UnsafeMutableRawPointer.allocate(
                byteCount: Epoll.eventSize * Int(Self.maximumEvents), alignment: 8)
            let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.readBufferSize, alignment: 16)
            // Connections whose read budget ran out; read again before sleeping.
            var unfinished: [HTTP1Connection] = []
            let clockID = registry.withLock { $0.clockID }
            defer {
                events.deallocate()
                readBuffer.deallocate()
                clock.detach(clockID)
            }
            var checkedAt = clock.now()
            while !registry.withLock({ $0.isStopping }) {
                let (next, hasWork) = registry.withLock { registry in
                    // Asleep only when nothing is queued: a task that submits later wakes the loop.
                    let hasWork = !registry.submissions.isEmpty || !registry.readAgain.isEmpty
                    if !hasWork, unfinished.isEmpty { registry.submissions.isSleeping = true }
                    return (registry.timers.nextDeadline, hasWork)
                }
                let timeout =
                    unfinished.isEmpty && !hasWork
                    ? clock.waitTimeout(loop: clockID, checkedAt: checkedAt, until: next) : 0
                let count = Epoll.wait(epoll, into: events, capacity: Self.maximumEvents, timeout: timeout)
                if count < 0 && errno != EINTR {
                    // Never expected; avoid spinning if it happens.
                    usleep(1000)
                }
                let retry = registry.withLock { registry in
                    registry.submissions.noteAwake()
                    defer { registry.readAgain.removeAll() }
                    return registry.readAgain
                }
                runSubmissions()
                let again = unfinished + retry
                unfinished.removeAll(keepingCapacity: true)
                for index in 0..<Int(max(0, count)) {
                    let (flags, token) = Epoll.event(at: index, in: events)
                    if token == Self.wakeUpToken {
                        drainWakeUps()
                        continue
                    }
                    guard let connection = registry.withLock({ $0.connections[token] }) else { continue }
                    if connection.handle(events: flags, readBuffer: readBuffer) { unfinished.append(connection) }
                }
                for connection in again
                where connection.handle(events: Epoll.readable | Epoll.readHangUp, readBuffer: readBuffer) {
                    unfinished.append(connection)
                }
                // Work the events above submitted (writes of resumed tasks run at the next turn).
                runSubmissions()
                checkedAt = fireDueTimers()
            }
            // No transport uses the loop any more: whatever is still registered is closed here, so
            // no socket outlives its loop; then work submitted from now on runs on its caller's
            // thread (it finds every connection of the loop closed).
            let orphans = registry.withLock { registry in
                defer { registry.connections.removeAll() }
                return Array(registry.connections.values)
            }
            for connection in orphans { connection.close(because: HTTP1Transport.ShutdownError()) }
            runSubmissions(closing: true)
        }

        /// Runs what tasks submitted, in order; with `closing`, for the last time.
        private func runSubmissions(closing: Bool = false) {
            while true {
                let jobs = registry.withLock { registry in
                    if closing { registry.submissions.isClosed = true }
                    return registry.submissions.takeAll()
                }
                if jobs.isEmpty { return }
                for job in jobs { job() }
            }
        }

        /// Resets the eventfd, so its next write raises a new edge.
        private func drainWakeUps() {
            var value: UInt64 = 0
            _ = read(wakeUpFD, &value, 8)
        }

        /// Closes the connections whose deadline passed and schedules the next deadline of those
        /// whose deadline moved (activity since); returns the time it went by.
        private func fireDueTimers() -> UInt64 {
            let now = clock.now()
            let due = registry.withLock { registry -> [HTTP1Connection] in
                guard let next = registry.timers.nextDeadline, next <= now else { return [] }
                return registry.timers.removeDue(now: now).compactMap { registry.connections[$0] }
            }
            for connection in due {
                guard let next = connection.expireIfDue(now: now) else { continue }
                // On the loop's own thread: no wake-up needed, the next wait reads the queue.
                registry.withLock { _ = $0.timers.schedule(connection.token, at: next) }
            }
            return now
        }
    }
#endif
