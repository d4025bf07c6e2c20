#if os(Linux)
    import Foundation
    import Courier
    import Glibc

    /// One thread that waits on epoll for every native connection of the process, reads what
    /// arrives, and resumes the tasks waiting for it.
    ///
    /// Tasks write their requests themselves (the sockets are non-blocking, so a write never
    /// blocks a cooperative thread); the loop does all reading, so a response costs one wake-up
    /// of the waiting task and no more. Sockets are registered once, edge-triggered, for both
    /// directions. The loop also enforces deadlines: the idle timeout of an exchange and the
    /// idle lifetime of a pooled connection.
    final class EventLoop: Sendable {
        /// The process's loop, started on first use; `nil` when epoll could not be set up.
        static let shared: EventLoop? = EventLoop()

        private struct Registry: Sendable {
            var connections: [UInt64: HTTP1Connection] = [:]
            var nextToken: UInt64 = 1
            /// When the loop next looks at deadlines, in monotonic nanoseconds.
            var nextDeadlineCheck = UInt64.max
        }

        private let epoll: Int32
        private let wakeUpFD: Int32
        private let registry = LockedState(Registry())
        /// The token of the wake-up eventfd; connection tokens start at 1.
        private static let wakeUpToken: UInt64 = 0
        private static let maximumEvents: Int32 = 256
        /// The size of the loop's read buffer, reused for every read.
        static let readBufferSize = 128 * 1024

        private init?() {
            epoll = Epoll.create()
            wakeUpFD = Epoll.makeEventFD()
            guard epoll >= 0, wakeUpFD >= 0,
                Epoll.add(wakeUpFD, to: epoll, events: Epoll.readable | Epoll.edgeTriggered, token: Self.wakeUpToken)
                    == 0
            else {
                if epoll >= 0 { close(epoll) }
                if wakeUpFD >= 0 { close(wakeUpFD) }
                return nil
            }
            let thread = Thread { [self] in run() }
            thread.name = "courier.native-http"
            thread.start()
        }

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

        /// What the loop watches a connection's socket for.
        enum Interest: Sendable {
            /// Errors only: the connection's task reads the socket itself.
            case errorsOnly
            /// Input and the server's hang-up.
            case input
            /// Input, hang-up, and room to write (for the handshake, and while a writer waits).
            case inputAndOutput

            var events: UInt32 {
                switch self {
                case .errorsOnly: Epoll.edgeTriggered
                case .input: Epoll.readable | Epoll.readHangUp | Epoll.edgeTriggered
                case .inputAndOutput: Epoll.readable | Epoll.readHangUp | Epoll.writable | Epoll.edgeTriggered
                }
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

        /// Forgets a closed connection (closing its descriptor already removed it from epoll).
        func deregister(_ token: UInt64) {
            _ = registry.withLock { $0.connections.removeValue(forKey: token) }
        }

        /// Makes sure the loop looks at deadlines no later than `deadline`.
        func schedule(deadline: UInt64) {
            let wake = registry.withLock { registry in
                guard deadline < registry.nextDeadlineCheck else { return false }
                registry.nextDeadlineCheck = deadline
                return true
            }
            if wake { wakeUp() }
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
            while true {
                let timeout = unfinished.isEmpty ? waitTimeout() : 0
                let count = Epoll.wait(epoll, into: events, capacity: Self.maximumEvents, timeout: timeout)
                if count < 0 && errno != EINTR {
                    // Never expected; avoid spinning if it happens.
                    usleep(1000)
                }
                let retry = unfinished
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
                checkDeadlines()
            }
        }

        /// Milliseconds until the next deadline check, `-1` for none.
        private func waitTimeout() -> Int32 {
            let next = registry.withLock { $0.nextDeadlineCheck }
            guard next != .max else { return -1 }
            let now = MonotonicClock.now()
            guard next > now else { return 0 }
            return Int32(min(60_000, (next - now + 999_999) / 1_000_000))
        }

        private func checkDeadlines() {
            let now = MonotonicClock.now()
            let due = registry.withLock { registry -> [HTTP1Connection]? in
                guard registry.nextDeadlineCheck <= now else { return nil }
                registry.nextDeadlineCheck = .max
                return Array(registry.connections.values)
            }
            guard let due else { return }
            var next = UInt64.max
            for connection in due {
                if let deadline = connection.expireIfDue(now: now) { next = min(next, deadline) }
            }
            // On the loop's own thread: no wake-up needed, the next wait reads the new value.
            registry.withLock { $0.nextDeadlineCheck = min($0.nextDeadlineCheck, next) }
        }
    }
#endif
