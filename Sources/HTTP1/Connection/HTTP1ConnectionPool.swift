#if os(Linux)
    import Foundation
    import CourierTransport

    /// Keep-alive connections per host and port, at most ``maximumPerHost`` open at once (idle,
    /// in use or connecting); callers beyond that wait in line for one to come back.
    ///
    /// The most recently used idle connection is handed out first, so the ones servers are most
    /// likely to have dropped age out. An idle connection closes after ``idleTimeout`` (the
    /// event loop watches the deadline), or as soon as the server closes it; one that has bytes
    /// waiting or a hang-up when it is handed out is closed instead (``IdleConnectionCheck``).
    final class HTTP1ConnectionPool: Sendable {
        /// Where a connection goes.
        struct Key: Hashable, Sendable {
            /// The host name or address, by one spelling (``HostName/normalized(_:)``).
            var host: String
            /// The TCP port.
            var port: Int
            /// Whether connections speak TLS (`https://`).
            var isSecure: Bool
        }

        /// What a caller gets from ``acquire(_:fresh:)``.
        enum Lease: Sendable {
            /// An idle connection to reuse.
            case reuse(HTTP1Connection)
            /// A slot: the caller opens a connection, then calls ``release(_:reusable:)`` with it,
            /// or ``releaseSlot(_:)`` when it could not connect.
            case connect
        }

        private struct Waiter: Sendable {
            let id: UInt64
            let continuation: CheckedContinuation<Lease, any Error>
        }

        private struct Host: Sendable {
            var idle: [HTTP1Connection] = []
            var open = 0
            var waiters: [Waiter] = []

            /// Whether nothing is left for this host, so its entry can go.
            var isUnused: Bool { open == 0 && idle.isEmpty && waiters.isEmpty }
        }

        private struct State: Sendable {
            var hosts: [Key: Host] = [:]
            var nextWaiterID: UInt64 = 0
            /// Connections handed out and not yet given back, for ``shutdown(because:)``.
            var inUse: [ObjectIdentifier: HTTP1Connection] = [:]
            /// Set by ``shutdown(because:)``: what every later call fails with.
            var shutdownError: (any Error)?
        }

        /// The most connections open to one host and port.
        let maximumPerHost: Int
        /// How long a connection stays idle in the pool, in nanoseconds.
        let idleTimeout: UInt64
        private let state = LockedState(State())

        init(maximumPerHost: Int, idleTimeout: UInt64) {
            self.maximumPerHost = max(1, maximumPerHost)
            self.idleTimeout = idleTimeout
        }

        /// An idle connection to `key`, or the right to open one; waits while `maximumPerHost`
        /// are open. With `fresh`, idle connections to `key` are closed first (one of them was
        /// found closed by the server, so the others likely are too).
        func acquire(_ key: Key, fresh: Bool) async throws -> Lease {
            let (lease, stale) = try state.withLock { state throws in
                if let error = state.shutdownError { throw error }
                return grant(key, fresh: fresh, &state)
            }
            for connection in stale { connection.close(because: ConnectionFailure.closedBeforeResponse) }
            if let lease { return lease }
            return try await wait(for: key)
        }

        private func wait(for key: Key) async throws -> Lease {
            let id = state.withLock { state in
                state.nextWaiterID += 1
                return state.nextWaiterID
            }
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    var stale: [HTTP1Connection] = []
                    let immediate = state.withLock { state -> Result<Lease, any Error>? in
                        if Task.isCancelled { return .failure(CancellationError()) }
                        if let error = state.shutdownError { return .failure(error) }
                        let lease: Lease?
                        (lease, stale) = grant(key, fresh: false, &state)
                        if let lease { return .success(lease) }
                        state.hosts[key, default: Host()].waiters.append(Waiter(id: id, continuation: continuation))
                        return nil
                    }
                    for connection in stale { connection.close(because: ConnectionFailure.closedBeforeResponse) }
                    if let immediate { continuation.resume(with: immediate) }
                }
            } onCancel: {
                let waiter = state.withLock { state -> Waiter? in
                    guard let index = state.hosts[key]?.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                    return state.hosts[key]?.waiters.remove(at: index)
                }
                waiter?.continuation.resume(throwing: CancellationError())
            }
        }

        /// Under the lock: an idle connection, or a slot, or `nil`; and the connections to close
        /// (all idle ones with `fresh`, and any found closed, or not quiet, on the way).
        private func grant(_ key: Key, fresh: Bool, _ state: inout State) -> (Lease?, [HTTP1Connection]) {
            var host = state.hosts[key] ?? Host()
            defer { state.hosts[key] = host.isUnused ? nil : host }
            var stale: [HTTP1Connection] = []
            if fresh {
                stale = host.idle
                host.open -= host.idle.count
                host.idle.removeAll()
            }
            while let connection = host.idle.popLast() {
                if connection.activate() {
                    state.inUse[ObjectIdentifier(connection)] = connection
                    return (.reuse(connection), stale)
                }
                // Closed while idle (by the server or the idle timeout), or not quiet.
                host.open -= 1
                stale.append(connection)
            }
            guard host.open < maximumPerHost else { return (nil, stale) }
            host.open += 1
            return (.connect, stale)
        }

        /// Gives back a connection after a request: kept for the next caller when `reusable` and
        /// still open, closed otherwise.
        func release(_ connection: HTTP1Connection, reusable: Bool) {
            var keep = reusable && connection.isReusable
            if keep { connection.markIdle(until: MonotonicClock.now() + idleTimeout) }
            let handOver = state.withLock { state -> (CheckedContinuation<Lease, any Error>, Lease)? in
                state.inUse.removeValue(forKey: ObjectIdentifier(connection))
                guard state.shutdownError == nil else {
                    keep = false
                    return nil
                }
                var host = state.hosts[connection.key] ?? Host()
                defer { state.hosts[connection.key] = host.isUnused ? nil : host }
                if keep {
                    guard !host.waiters.isEmpty else {
                        host.idle.append(connection)
                        return nil
                    }
                    return (host.waiters.removeFirst().continuation, .reuse(connection))
                }
                host.open -= 1
                guard !host.waiters.isEmpty else { return nil }
                host.open += 1
                return (host.waiters.removeFirst().continuation, .connect)
            }
            if !keep { connection.close(because: ConnectionFailure.closedBeforeResponse) }
            if let (continuation, lease) = handOver { continuation.resume(returning: lease) }
        }

        /// Gives back a slot from ``Lease/connect`` whose connection could not be opened.
        func releaseSlot(_ key: Key) {
            let next = state.withLock { state -> CheckedContinuation<Lease, any Error>? in
                guard state.shutdownError == nil else { return nil }
                var host = state.hosts[key] ?? Host()
                defer { state.hosts[key] = host.isUnused ? nil : host }
                guard !host.waiters.isEmpty else {
                    host.open -= 1
                    return nil
                }
                return host.waiters.removeFirst().continuation
            }
            next?.resume(returning: .connect)
        }

        /// Closes every idle connection; connections in use close when they come back.
        func closeIdleConnections() {
            let idle = state.withLock { state -> [HTTP1Connection] in
                var all: [HTTP1Connection] = []
                for key in state.hosts.keys {
                    let connections = state.hosts[key]?.idle ?? []
                    state.hosts[key]?.open -= connections.count
                    state.hosts[key]?.idle.removeAll()
                    all += connections
                }
                return all
            }
            for connection in idle { connection.close(because: CancellationError()) }
        }

        // MARK: Shutdown

        /// Counts `connection`, just opened for a ``Lease/connect`` slot, as in use, so that
        /// ``shutdown(because:)`` can close it; after a shutdown, closes it and throws why.
        func track(_ connection: HTTP1Connection) throws {
            let error = state.withLock { state -> (any Error)? in
                if let error = state.shutdownError { return error }
                state.inUse[ObjectIdentifier(connection)] = connection
                return nil
            }
            if let error {
                connection.close(because: error)
                throw error
            }
        }

        /// Closes every connection, idle or in use (a call using one fails with `error`), fails
        /// every caller waiting for a slot with `error`, and makes every later ``acquire(_:fresh:)``
        /// and ``track(_:)`` throw it.
        func shutdown(because error: any Error) {
            let (connections, waiters) = state.withLock { state -> ([HTTP1Connection], [Waiter]) in
                if state.shutdownError == nil { state.shutdownError = error }
                var connections = Array(state.inUse.values)
                var waiters: [Waiter] = []
                for host in state.hosts.values {
                    connections += host.idle
                    waiters += host.waiters
                }
                state.inUse.removeAll()
                state.hosts.removeAll()
                return (connections, waiters)
            }
            for connection in connections { connection.close(because: error) }
            for waiter in waiters { waiter.continuation.resume(throwing: error) }
        }
    }
#endif
