#if os(Linux)
    import Foundation
    import CourierTransport
    import Glibc

    /// One thread that waits on epoll for the native connections given to it, reads what
    /// arrives, and resumes the tasks waiting for it; an ``HTTP1EventLoopGroup`` holds one or more.
    ///
    /// The loop's thread is the one owner of its connections' sockets: every system call and
    /// every OpenSSL call on them (connect, handshake, write, read, close, epoll changes) runs
    /// there, never under a lock. Tasks hand work over with ``execute(_:)`` (a submission queue
    /// the loop drains each turn, woken through its eventfd only when asleep) and park until the
    /// loop resumes them, so a request costs the loop one wake-up and the task one. Sockets are
    /// registered once, edge-triggered, for both directions. The loop also enforces deadlines: the idle timeout of an exchange and the
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

        /// What the loop and the threads that use it share, under `registry`'s lock.
        struct Registry: Sendable {
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
            /// Work handed over by other threads, run in order at the loop's next turn.
            var submissions = SubmissionQueue()
            /// The loop's thread, once it runs: work submitted on it runs at once.
            var thread: pthread_t?

            /// Whether the caller runs on the loop's thread.
            var isLoopThread: Bool {
                guard let thread else { return false }
                return pthread_equal(thread, pthread_self()) != 0
            }
        }

        private struct Exit: Sendable {
            var thread: pthread_t?
            /// The thread runs, under its name.
            var hasStarted = false
            var startWaiters: [CheckedContinuation<Void, Never>] = []
            var hasExited = false
            var waiters: [CheckedContinuation<Void, Never>] = []
        }

        let epoll: Int32
        let wakeUpFD: Int32
        private let name: String
        /// The time the loop's deadlines are on.
        let clock: LoopClock
        let registry = LockedState(Registry())
        private let exit = LockedState(Exit())
        /// The token of the wake-up eventfd; connection tokens start at 1.
        static let wakeUpToken: UInt64 = 0
        static let maximumEvents: Int32 = 256
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
                    loop.registry.withLock { $0.thread = pthread_self() }
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
            // Joining blocks: on a thread of its own, never the caller's nor the cooperative pool's.
            BlockingQueue.detach { [self] in
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

        /// Starts watching `connection`'s socket for both directions. On the loop's thread.
        func register(_ connection: HTTP1Connection) throws(URLError) {
            assertOnLoopThread()
            registry.withLock { $0.connections[connection.token] = connection }
            let events = Interest.inputAndOutput.events
            if Epoll.add(connection.socket.fd, to: epoll, events: events, token: connection.token) != 0 {
                _ = registry.withLock { $0.connections.removeValue(forKey: connection.token) }
                throw URLError(.cannotConnectToHost)
            }
        }

        /// Watches `connection`'s socket for `interest` from now on. On the loop's thread, with
        /// the descriptor open.
        ///
        /// Changing the events re-arms the edge of any that is ready now, so the loop hears
        /// of input that is already there.
        func watch(_ connection: HTTP1Connection, for interest: Interest) {
            assertOnLoopThread()
            _ = Epoll.modify(connection.socket.fd, in: epoll, events: interest.events, token: connection.token)
        }

        /// Reads `connection` at the loop's next turn, though no edge may come: what TLS buffered
        /// before reading paused is in no socket to raise one.
        func readAgain(_ connection: HTTP1Connection) {
            let wake = registry.withLock { registry in
                registry.readAgain.append(connection)
                return !registry.isLoopThread
            }
            if wake { wakeUp() }
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
            // The loop may be waiting for a later deadline, or none; on its own thread it reads
            // the queue before it waits again.
            let wake = registry.withLock { registry in
                registry.timers.schedule(connection.token, at: deadline) && !registry.isLoopThread
            }
            if wake { wakeUp() }
        }

        func wakeUp() {
            var one: UInt64 = 1
            _ = write(wakeUpFD, &one, 8)
        }
    }
#endif
