#if os(Linux)
    import Courier
    import Synchronization

    /// Counts of a transport's exchanges: how many are in flight, to know when one may read its
    /// response inline, how many were read so, and how their busy-polls went (for tests and
    /// diagnostics).
    final class ExchangeCounters: Sendable {
        private let running = Atomic<Int>(0)
        private let inline = Atomic<Int>(0)
        private let caught = Atomic<Int>(0)
        private let missed = Atomic<Int>(0)

        /// Exchanges in flight now.
        var inFlight: Int { running.load(ordering: .relaxed) }

        /// Responses read by their own task, without the event loop, so far.
        var inlineReads: Int { inline.load(ordering: .relaxed) }

        func enter() { running.add(1, ordering: .relaxed) }

        func leave() { running.subtract(1, ordering: .relaxed) }

        func noteInlineRead() { inline.add(1, ordering: .relaxed) }

        /// Inline waits whose busy-poll the answer came within, so far.
        var busyPollsCaught: Int { caught.load(ordering: .relaxed) }

        /// Inline waits whose busy-poll the answer outlasted, so far.
        var busyPollsMissed: Int { missed.load(ordering: .relaxed) }

        func noteBusyPoll(caught isCaught: Bool) {
            if isCaught {
                caught.add(1, ordering: .relaxed)
            } else {
                missed.add(1, ordering: .relaxed)
            }
        }
    }
#endif
