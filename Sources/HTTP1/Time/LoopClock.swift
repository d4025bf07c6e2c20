#if os(Linux)
    import CourierTransport

    /// The time the native core reads, given to event loops, connections and the pool as a
    /// dependency: the system's monotonic clock, or a ``ManualClock`` that tests advance.
    ///
    /// Everything that waits for time in the transport goes through it: the loops' timers (the
    /// idle timeout of an exchange, the connect timeout, the idle lifetime of a pooled connection)
    /// and the Happy Eyeballs head start (``AddressRacer``).
    struct LoopClock: Sendable {
        /// The test clock, `nil` for the system's.
        let manual: ManualClock?

        /// The system's monotonic clock.
        static let system = LoopClock(manual: nil)

        /// Time that moves only when `clock` is advanced.
        static func manual(_ clock: ManualClock) -> LoopClock { LoopClock(manual: clock) }

        /// The time, in nanoseconds.
        func now() -> UInt64 { manual?.now() ?? MonotonicClock.now() }

        /// Waits `nanoseconds` of this clock; throws `CancellationError` when the task is cancelled.
        func sleep(nanoseconds: UInt64) async throws {
            guard let manual else { return try await Task.sleep(nanoseconds: nanoseconds) }
            try await manual.sleep(until: manual.now() &+ nanoseconds)
        }

        /// Counts in an event loop that `wake` wakes when time moves; `nil` for the system's
        /// clock, which moves by itself.
        func attach(wake: @escaping @Sendable () -> Void) -> Int? { manual?.attach(wake: wake) }

        /// Counts out the loop `id` from ``attach(wake:)``.
        func detach(_ id: Int?) {
            if let id { manual?.detach(id) }
        }

        /// How long a loop's epoll wait may last, in milliseconds (`-1`: until woken): until
        /// `deadline` on the system's clock (at most a minute); on a manual clock, until an advance
        /// wakes the loop (told first that the loop `id` fired its timers at `checkedAt`), or not
        /// at all when `deadline` is already due.
        func waitTimeout(loop id: Int?, checkedAt: UInt64, until deadline: UInt64?) -> Int32 {
            if let manual {
                if let id { manual.loopWaits(id, checkedAt: checkedAt, next: deadline) }
                guard let deadline else { return -1 }
                return deadline <= manual.now() ? 0 : -1
            }
            guard let deadline else { return -1 }
            let now = MonotonicClock.now()
            guard deadline > now else { return 0 }
            return Int32(min(60_000, (deadline - now + 999_999) / 1_000_000))
        }
    }
#endif
