#if os(Linux)
    import CourierTransport
    import Synchronization

    /// How many of a transport's exchanges are in flight (for tests and diagnostics).
    final class ExchangeCounters: Sendable {
        private let running = Atomic<Int>(0)

        /// Exchanges in flight now.
        var inFlight: Int { running.load(ordering: .relaxed) }

        func enter() { running.add(1, ordering: .relaxed) }

        func leave() { running.subtract(1, ordering: .relaxed) }
    }
#endif
