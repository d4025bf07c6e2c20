#if os(Linux)
    /// Connection attempts to the addresses of one host, raced as Happy Eyeballs does (RFC 8305):
    /// the first attempt starts at once, each next one after ``attemptDelay`` or as soon as the one
    /// before it fails, and the first connection made wins; the attempts still running are
    /// cancelled, and a connection made after the winner is given to `discard`.
    ///
    /// A dead first address so costs ``attemptDelay`` instead of a whole connect timeout. The racer
    /// knows nothing of sockets: it runs the caller's `attempt` closure, so it is tested with fake
    /// attempts, and the clock is injectable for the same reason.
    struct AddressRacer: Sendable {
        /// The Connection Attempt Delay of RFC 8305 §5: how long an attempt runs alone before the
        /// next one starts beside it.
        var attemptDelay: UInt64 = 250_000_000
        /// Waits `nanoseconds`, throwing when the task is cancelled.
        var sleep: @Sendable (_ nanoseconds: UInt64) async throws -> Void = { try await Task.sleep(nanoseconds: $0) }

        /// Thrown by ``race(_:attempt:discard:)`` given no address.
        struct NoAddress: Error {}

        /// `addresses` in the order of RFC 8305 §4: alternating between the families, starting
        /// with the family of the first address, each family's own order kept.
        static func interleaved<Address>(_ addresses: [Address], family: (Address) -> Int32) -> [Address] {
            guard let first = addresses.first else { return [] }
            var preferred = addresses.filter { family($0) == family(first) }[...]
            var others = addresses.filter { family($0) != family(first) }[...]
            var result: [Address] = []
            result.reserveCapacity(addresses.count)
            while !preferred.isEmpty || !others.isEmpty {
                if let next = preferred.popFirst() { result.append(next) }
                if let next = others.popFirst() { result.append(next) }
            }
            return result
        }

        /// The first value `attempt` returns for one of `addresses`, tried in order.
        ///
        /// `attempt` must end soon after its task is cancelled (and close what it opened when it
        /// throws). A value an attempt returns after the winner is passed to `discard`.
        ///
        /// - Throws: the error of the last attempt to fail when all fail (a `CancellationError` only
        ///   when nothing else went wrong), `CancellationError` when the task is cancelled,
        ///   ``NoAddress`` when `addresses` is empty.
        func race<Address: Sendable, Connection: Sendable>(
            _ addresses: [Address], attempt: @escaping @Sendable (Address) async throws -> Connection,
            discard: @escaping @Sendable (Connection) -> Void
        ) async throws -> Connection {
            guard !addresses.isEmpty else { throw NoAddress() }
            let delay = attemptDelay
            let sleep = sleep
            return try await withThrowingTaskGroup(of: RaceEvent<Connection>.self) { group in
                var race = RaceState<Connection>()
                func startNext() {
                    let address = addresses[race.started]
                    race.started += 1
                    race.running += 1
                    group.addTask {
                        do { return .connected(try await attempt(address)) } catch { return .failed(error) }
                    }
                    guard race.started < addresses.count else { return }
                    // A new head start for the next attempt; an older timer still running is stale.
                    race.generation += 1
                    let generation = race.generation
                    group.addTask {
                        do {
                            try await sleep(delay)
                            return .delayElapsed(generation)
                        } catch {
                            return .delayElapsed(nil)
                        }
                    }
                }
                startNext()
                while let event = try await group.next() {
                    switch event {
                    case .connected(let connection):
                        race.running -= 1
                        guard race.winner == nil else {
                            discard(connection)
                            continue
                        }
                        race.winner = connection
                        group.cancelAll()
                    case .failed(let error):
                        race.running -= 1
                        guard race.winner == nil else { continue }
                        if !(error is CancellationError) || race.lastError == nil { race.lastError = error }
                        if race.started < addresses.count, !Task.isCancelled { startNext() }
                    case .delayElapsed(let generation):
                        if race.winner == nil, generation == race.generation, race.started < addresses.count,
                            !Task.isCancelled
                        {
                            startNext()
                        }
                    }
                    if race.winner == nil, race.running == 0, race.started == addresses.count || Task.isCancelled {
                        // All failed: stop the timers that may still run.
                        group.cancelAll()
                    }
                }
                if let winner = race.winner { return winner }
                if Task.isCancelled { throw CancellationError() }
                throw race.lastError ?? CancellationError()
            }
        }
    }

    extension AddressRacer {
        /// A racer whose head start is a wait on `clock`.
        init(clock: LoopClock) {
            self.init(sleep: { try await clock.sleep(nanoseconds: $0) })
        }
    }

    /// What a child task of a race reports.
    private enum RaceEvent<Connection: Sendable>: Sendable {
        case connected(Connection)
        case failed(any Error)
        /// The head start of the attempt after the one started with this timer ran out (`nil`:
        /// the timer was cancelled).
        case delayElapsed(Int?)
    }

    /// Where a race stands.
    private struct RaceState<Connection> {
        var started = 0
        var running = 0
        /// Tells the current head-start timer from stale ones.
        var generation = 0
        var winner: Connection?
        var lastError: (any Error)?
    }
#endif
