#if os(Linux)
    import CourierTransport

    /// When one hop's phases ended, on ``MonotonicClock`` (the clock the connections already read
    /// for their deadlines, so the first byte's instant costs no read of its own).
    struct HopTimes: Sendable {
        /// When a connection was ready for the request: taken from the pool, or just opened.
        var readyAt: UInt64 = 0
        /// How long opening the connection took, in nanoseconds; `nil` when a pooled one was reused.
        var connecting: UInt64?
        /// When the first byte of the response arrived.
        var firstByteAt: UInt64?
    }

    /// A hop's timings: the connection phases, the first byte and the total counted from the
    /// request handed to the transport (the provider's chain adds up the hops of a redirected call).
    struct ExchangeTimes: Sendable {
        /// When the transport was handed the request.
        let start: UInt64
        /// When the hop being measured started.
        private var hopStart: UInt64
        private var waiting: UInt64 = 0
        private var connecting: UInt64?
        private var firstByteAt: UInt64?

        init(start: UInt64 = MonotonicClock.now()) {
            self.start = start
            hopStart = start
        }

        /// Counts a hop that ended at `end`.
        mutating func add(_ hop: HopTimes, endedAt end: UInt64) {
            waiting += Self.span(from: hopStart, to: hop.readyAt)
            if let opening = hop.connecting { connecting = (connecting ?? 0) + opening }
            firstByteAt = hop.firstByteAt
            hopStart = end
        }

        /// The call's timings, when it ended at `end`.
        func timings(endedAt end: UInt64) -> CallTimings {
            CallTimings(
                waitingForConnection: Self.duration(waiting), connecting: connecting.map(Self.duration),
                firstByte: firstByteAt.map { Self.duration(Self.span(from: start, to: $0)) },
                total: Self.duration(Self.span(from: start, to: end)))
        }

        private static func span(from start: UInt64, to end: UInt64) -> UInt64 {
            end > start ? end - start : 0
        }

        private static func duration(_ nanoseconds: UInt64) -> Duration {
            .nanoseconds(Int64(clamping: nanoseconds))
        }
    }
#endif
