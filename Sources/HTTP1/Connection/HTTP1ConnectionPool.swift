#if os(Linux)
    import Foundation
    import CourierTransport

    /// Keep-alive connections per host and port, at most ``maximumPerHost`` open at once (idle,
    /// in use or connecting); callers beyond that wait in line for one to come back.
    ///
    /// The rules (which connection goes to whom, the line, the limit, idle lifetimes, shutdown) are
    /// ``HTTP1PoolStateMachine``'s; this shell keeps the machine under a lock with the parked
    /// callers, and does what the machine says after the lock: resumes callers, closes connections,
    /// checks an idle connection before handing it out. An idle connection closes after
    /// ``idleTimeout`` (the event loop watches its deadline; the machine drops it from the pool
    /// at the next event past it), or as soon as the server closes it; one that has bytes waiting
    /// or a hang-up when it is handed out is closed instead (``IdleConnectionCheck``).
    final class HTTP1ConnectionPool: Sendable {
        /// Where a connection goes.
        typealias Key = HTTP1PoolKey

        /// What a caller gets from ``acquire(_:fresh:)``.
        enum Lease: Sendable {
            /// An idle connection to reuse.
            case reuse(HTTP1Connection)
            /// A slot: the caller opens a connection, then calls ``release(_:reusable:)`` with it,
            /// or ``releaseSlot(_:)`` when it could not connect.
            case connect
        }

        typealias Machine = HTTP1PoolStateMachine<Key, HTTP1Connection>

        private struct State: Sendable {
            var machine: Machine
            var nextWaiterID: Machine.WaiterID = 0
            /// Callers waiting in line, by the id the machine knows them by.
            var parked: [Machine.WaiterID: CheckedContinuation<Lease, any Error>] = [:]
            /// Answers to callers whose turn came before they parked (they take it when they do).
            var early: [Machine.WaiterID: Result<Lease, any Error>] = [:]
            /// Set by ``shutdown(because:)``: what every later call fails with.
            var shutdownError: (any Error)?
        }

        /// What the machine decided, done after the lock: connections closed, then callers resumed.
        private struct Work {
            var close: [HTTP1Connection] = []
            var closeReason: any Error
            var resume: [(CheckedContinuation<Lease, any Error>, Result<Lease, any Error>)] = []

            func run() {
                for connection in close { connection.close(because: closeReason) }
                for (continuation, result) in resume { continuation.resume(with: result) }
            }
        }

        /// The most connections open to one host and port.
        var maximumPerHost: Int { machineLimits.maximumPerHost }
        /// How long a connection stays idle in the pool, in nanoseconds.
        var idleTimeout: UInt64 { machineLimits.idleTimeout }
        /// The machine as made, for its limits (they never change).
        private let machineLimits: Machine
        private let state: LockedState<State>
        /// The time idle lifetimes are counted on: the event loops'.
        private let clock: LoopClock

        init(maximumPerHost: Int, idleTimeout: UInt64, clock: LoopClock = .system) {
            self.clock = clock
            machineLimits = Machine(maximumPerHost: maximumPerHost, idleTimeout: idleTimeout)
            state = LockedState(State(machine: machineLimits))
        }

        /// An idle connection to `key`, or the right to open one; waits while `maximumPerHost`
        /// are open. With `fresh`, idle connections to `key` are closed first (one of them was
        /// found closed by the server, so the others likely are too).
        func acquire(_ key: Key, fresh: Bool) async throws -> Lease {
            let now = clock.now()
            var (id, outcome, work) = try state.withLock { state throws in
                if let error = state.shutdownError { throw error }
                state.nextWaiterID += 1
                let id = state.nextWaiterID
                let actions = state.machine.lease(key, fresh: fresh, waiterID: id, now: now)
                return (id, actions.lease, Self.collect(actions, &state))
            }
            while true {
                work.run()
                switch outcome {
                case .reuse(let connection):
                    // After the pool's lock: the connection takes its own.
                    if connection.activate() { return .reuse(connection) }
                    // Closed while idle (by the server or the idle timeout).
                    (outcome, work) = state.withLock { state in
                        let actions = state.machine.reuseFailed(
                            connection, of: key, waiterID: id, now: clock.now())
                        return (actions.lease, Self.collect(actions, &state))
                    }
                case .connect:
                    return .connect
                case .wait:
                    return try await park(id)
                case .shutDown, nil:
                    throw state.withLock { $0.shutdownError } ?? CancellationError()
                }
            }
        }

        /// Waits for the machine to resume the caller `id`, in line since its lease; leaves the
        /// line when the task is cancelled.
        private func park(_ id: Machine.WaiterID) async throws -> Lease {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    let early = state.withLock { state -> Result<Lease, any Error>? in
                        if let early = state.early.removeValue(forKey: id) { return early }
                        state.parked[id] = continuation
                        return nil
                    }
                    if let early { continuation.resume(with: early) }
                }
            } onCancel: {
                state.withLock { state in
                    Self.collect(state.machine.waiterCancelled(id), failing: CancellationError(), &state)
                }.run()
            }
        }

        /// Under the lock: takes the continuations of the waiters `actions` resumes or fails
        /// (failing them with `error`), keeping the answers of those not parked yet; the
        /// connections to close, closed with `reason`.
        private static func collect(
            _ actions: Machine.Actions, closing reason: any Error = ConnectionFailure.closedBeforeResponse,
            failing error: any Error = CancellationError(), _ state: inout State
        ) -> Work {
            var work = Work(close: actions.close, closeReason: reason)
            func answer(_ id: Machine.WaiterID, _ result: Result<Lease, any Error>) {
                if let continuation = state.parked.removeValue(forKey: id) {
                    work.resume.append((continuation, result))
                } else {
                    state.early[id] = result
                }
            }
            for resumption in actions.resume {
                switch resumption.grant {
                case .reuse(let connection): answer(resumption.waiter, .success(.reuse(connection)))
                case .connect: answer(resumption.waiter, .success(.connect))
                }
            }
            for id in actions.fail { answer(id, .failure(error)) }
            return work
        }

        /// How many callers wait in line, for every key (for tests).
        var waitingCallers: Int { state.withLock { $0.machine.waiting.count } }

        /// Gives back a connection after a request: kept for the next caller when `reusable` and
        /// still open, closed otherwise.
        func release(_ connection: HTTP1Connection, reusable: Bool) {
            let keep = reusable && connection.isReusable
            let now = clock.now()
            // Pooled before the machine can hand it out: the next user finds it so.
            if keep { connection.markIdle(until: machineLimits.deadline(since: now)) }
            state.withLock { state in
                Self.collect(state.machine.release(connection, reusable: keep, now: now), &state)
            }.run()
        }

        /// Gives back a slot from ``Lease/connect`` whose connection could not be opened.
        func releaseSlot(_ key: Key) {
            state.withLock { state in Self.collect(state.machine.connectFailed(key), &state) }.run()
        }

        /// Closes every idle connection; connections in use close when they come back.
        func closeIdleConnections() {
            state.withLock { state in
                Self.collect(state.machine.closeIdleConnections(), closing: CancellationError(), &state)
            }.run()
        }

        // MARK: Shutdown

        /// Counts `connection`, just opened for a ``Lease/connect`` slot, as in use, so that
        /// ``shutdown(because:)`` can close it; after a shutdown, closes it and throws why.
        func track(_ connection: HTTP1Connection) throws {
            let error = state.withLock { state -> (any Error)? in
                let actions = state.machine.connected(connection, for: connection.key)
                return actions.lease == .shutDown ? state.shutdownError ?? CancellationError() : nil
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
            state.withLock { state in
                if state.shutdownError == nil { state.shutdownError = error }
                return Self.collect(state.machine.shutdown(), closing: error, failing: error, &state)
            }.run()
        }
    }

    /// A connection is one to the pool's machine by identity.
    extension HTTP1Connection: Hashable {
        static func == (lhs: HTTP1Connection, rhs: HTTP1Connection) -> Bool { lhs === rhs }

        func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    }
#endif
