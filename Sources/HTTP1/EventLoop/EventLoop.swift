#if os(Linux)
    import Foundation
    import CourierTransport
    import Glibc

    /// One thread that waits on epoll for the native connections given to it, reads what
    /// arrives, and resumes the tasks waiting for it; an ``HTTP1EventLoopGroup`` holds one or more.
    ///
    /// Tasks write their requests themselves (the sockets are non-blocking, so a write never
    /// blocks a cooperative thread); the loop does all reading, so a response costs one wake-up
    /// of the waiting task and no more. Sockets are registered once, edge-triggered, for both
    /// directions. The loop also enforces deadlines: the idle timeout of an exchange and the
    /// idle lifetime of a pooled connection, each connection's next one in a ``TimerQueue``,
    /// on the ``LoopClock`` the loop is given.
    ///
    /// ``stop()`` ends the thread (its group does so when the last transport using it goes
    /// away); the epoll and eventfd descriptors close only when the last connection that knows
    /// the loop is gone, so a descriptor number the kernel reuses is never watched by mistake.
    final class EventLoop: Sendable {
        /// Whether epoll and eventfd can be set up on this system.
        static let isSupported: Bool = {
            let epoll = Epoll.create()
            let eventFD = Epoll.makeEventFD()
            if epoll >= 0 { close(epoll) }
            if eventFD >= 0 { close(eventFD) }
            return epoll >= 0 && eventFD >= 0
        }()

        private struct Registry: Sendable {
            var connections: [UInt64: HTTP1Connection] = [:]
            var nextToken: UInt64 = 1
            /// Each connection's next deadline, by token, on the loop's clock.
            var timers = TimerQueue<UInt64>()
            /// The loop's id on a manual clock.
            var clockID: Int?
            /// ``stop()`` was called: the thread ends at its next turn.
            var isStopping = false
            /// Connections to read at the next turn without waiting for an edge (``readAgain(_:)``).
            var readAgain: [HTTP1Connection] = []
        }

        private struct Exit: Sendable {
            var thread: pthread_t?
            /// The thread runs, under its name.
            var hasStarted = false
            var startWaiters: [CheckedContinuation<Void, Never>] = []
            var hasExited = false
            var waiters: [CheckedContinuation<Void, Never>] = []
        }

        private let epoll: Int32
        private let wakeUpFD: Int32
        private let name: String
        /// The time the loop's deadlines are on.
        let clock: LoopClock
        private let registry = LockedState(Registry())
        private let exit = LockedState(Exit())
        /// The token of the wake-up eventfd; connection tokens start at 1.
        private static let wakeUpToken: UInt64 = 0
        private static let maximumEvents: Int32 = 256
        /// The size of the loop's read buffer, reused for every read.
        static let readBufferSize = 128 * 1024

        /// Starts a loop on a thread of its own, named `name` (at most 15 bytes show), with its
        /// deadlines on `clock`; `nil` when epoll, the eventfd or the thread could not be set up.
        init?(name: String, clock: LoopClock = .system) {
            self.name = name
            self.clock = clock
            epoll = Epoll.create()
            wakeUpFD = Epoll.makeEventFD()
            guard epoll >= 0, wakeUpFD >= 0,
                Epoll.add(wakeUpFD, to: epoll, events: Epoll.readable | Epoll.edgeTriggered, token: Self.wakeUpToken)
                    == 0
            else {
                // `deinit` closes what was opened.
                return nil
            }
            // Weakly: the clock outlives the loop.
            let clockID = clock.attach { [weak self] in self?.wakeUp() }
            registry.withLock { $0.clockID = clockID }
            guard startThread() else {
                clock.detach(clockID)
                return nil
            }
        }

        deinit {
            close(epoll)
            close(wakeUpFD)
        }

        /// Starts the loop's thread, joinable so that ``waitUntilStopped()`` returns only once
        /// the thread is gone.
        private func startThread() -> Bool {
            // The thread holds the loop until `run` returns.
            let context = Unmanaged.passRetained(self).toOpaque()
            var thread = pthread_t()
            let started = pthread_create(
                &thread, nil,
                { context in
                    guard let context else { return nil }
                    let loop = Unmanaged<EventLoop>.fromOpaque(context).takeRetainedValue()
                    Thread.current.name = loop.name
                    loop.noteStarted()
                    loop.run()
                    return nil
                }, context)
            guard started == 0 else {
                Unmanaged<EventLoop>.fromOpaque(context).release()
                return false
            }
            exit.withLock { $0.thread = thread }
            return true
        }

        /// Ends the loop's thread after its current turn; connections still registered are
        /// closed with `error`. Returns at once; ``waitUntilStopped()`` waits for the thread.
        func stop() {
            let first = registry.withLock { registry in
                defer { registry.isStopping = true }
                return !registry.isStopping
            }
            guard first else { return }
            wakeUp()
            guard let thread = exit.withLock({ $0.thread }) else { return }
            // Joining blocks: on a dispatch thread, never the caller's.
            DispatchQueue.global().async { [self] in
                pthread_join(thread, nil)
                let waiters = exit.withLock { exit in
                    exit.hasExited = true
                    defer { exit.waiters.removeAll() }
                    return exit.waiters
                }
                for waiter in waiters { waiter.resume() }
            }
        }

        private func noteStarted() {
            let waiters = exit.withLock { exit in
                exit.hasStarted = true
                defer { exit.startWaiters.removeAll() }
                return exit.startWaiters
            }
            for waiter in waiters { waiter.resume() }
        }

        /// Returns once the loop's thread runs, under its name.
        func waitUntilStarted() async {
            await withCheckedContinuation { continuation in
                let started = exit.withLock { exit in
                    if !exit.hasStarted { exit.startWaiters.append(continuation) }
                    return exit.hasStarted
                }
                if started { continuation.resume() }
            }
        }

        /// Returns once the thread of a stopped loop has ended.
        func waitUntilStopped() async {
            await withCheckedContinuation { continuation in
                let exited = exit.withLock { exit in
                    if !exit.hasExited { exit.waiters.append(continuation) }
                    return exit.hasExited
                }
                if exited { continuation.resume() }
            }
        }

        /// How many connections are registered (open, or closed but not yet forgotten).
        var connectionCount: Int { registry.withLock { $0.connections.count } }

        // MARK: Registration

        /// A token for a new connection, to pass to ``register(_:)``.
        func makeToken() -> UInt64 {
            registry.withLock { registry in
                defer { registry.nextToken += 1 }
                return registry.nextToken
            }
        }

        /// Starts watching `connection`'s socket for both directions.
        func register(_ connection: HTTP1Connection) throws(URLError) {
            registry.withLock { $0.connections[connection.token] = connection }
            let events = Interest.inputAndOutput.events
            if Epoll.add(connection.fd, to: epoll, events: events, token: connection.token) != 0 {
                _ = registry.withLock { $0.connections.removeValue(forKey: connection.token) }
                throw URLError(.cannotConnectToHost)
            }
        }

        /// Watches `connection`'s socket for `interest` from now on. Call under the connection's
        /// lock, with the descriptor open.
        ///
        /// Changing the events re-arms the edge of any that is ready now, so the loop hears
        /// of input that is already there.
        func watch(_ connection: HTTP1Connection, for interest: Interest) {
            _ = Epoll.modify(connection.fd, in: epoll, events: interest.events, token: connection.token)
        }

        /// Reads `connection` at the loop's next turn, though no edge may come: what TLS buffered
        /// before reading paused is in no socket to raise one.
        func readAgain(_ connection: HTTP1Connection) {
            registry.withLock { $0.readAgain.append(connection) }
            wakeUp()
        }

        /// Forgets a closed connection (closing its descriptor removed it from epoll) and its deadline.
        func deregister(_ token: UInt64) {
            registry.withLock { registry in
                registry.connections[token] = nil
                registry.timers.cancel(token)
            }
        }

        /// Makes sure the loop looks at `connection`'s deadlines no later than `deadline`
        /// (``HTTP1Connection/expireIfDue(now:)`` then says whether one passed, or when to look again).
        func schedule(_ connection: HTTP1Connection, at deadline: UInt64) {
            // The loop may be waiting for a later deadline, or none.
            if registry.withLock({ $0.timers.schedule(connection.token, at: deadline) }) { wakeUp() }
        }

        private func wakeUp() {
            var one: UInt64 = 1
            _ = write(wakeUpFD, &one, 8)
        }

        // MARK: The loop

        private func run() {
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
                let next = registry.withLock { $0.timers.nextDeadline }
                let timeout =
                    unfinished.isEmpty ? clock.waitTimeout(loop: clockID, checkedAt: checkedAt, until: next) : 0
                let count = Epoll.wait(epoll, into: events, capacity: Self.maximumEvents, timeout: timeout)
                if count < 0 && errno != EINTR {
                    // Never expected; avoid spinning if it happens.
                    usleep(1000)
                }
                let retry =
                    unfinished
                    + registry.withLock { registry in
                        defer { registry.readAgain.removeAll() }
                        return registry.readAgain
                    }
                unfinished.removeAll(keepingCapacity: true)
                for index in 0..<Int(max(0, count)) {
                    let (flags, token) = Epoll.event(at: index, in: events)
                    if token == Self.wakeUpToken {
                        var value: UInt64 = 0
                        _ = read(wakeUpFD, &value, 8)
                        continue
                    }
                    guard let connection = registry.withLock({ $0.connections[token] }) else { continue }
                    if connection.handle(events: flags, readBuffer: readBuffer) { unfinished.append(connection) }
                }
                for connection in retry
                where connection.handle(events: Epoll.readable | Epoll.readHangUp, readBuffer: readBuffer) {
                    unfinished.append(connection)
                }
                checkedAt = fireDueTimers()
            }
            // No transport uses the loop any more: whatever is still registered is closed, so
            // no socket outlives its loop.
            let orphans = registry.withLock { registry in
                defer { registry.connections.removeAll() }
                return Array(registry.connections.values)
            }
            for connection in orphans { connection.close(because: HTTP1Transport.ShutdownError()) }
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
