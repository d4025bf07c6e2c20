#if os(Linux)
    /// How a lone exchange waits for its response on its own thread (see
    /// ``HTTP1Transport/Options/inlineResponseWait`` and ``HTTP1Transport/Options/inlineBusyPoll``).
    struct InlineWait: Equatable, Sendable {
        /// The longest wait, in nanoseconds; the event loop takes over after it.
        var budget: UInt64
        /// How much of `budget` may be spent checking the socket without sleeping, in nanoseconds.
        var busyPoll: UInt64
    }

    /// Decides whether a connection's next inline wait busy-polls: while answers keep arriving
    /// within the busy-poll window, and after one did not, again on every
    /// ``retryInterval``-th wait on that connection only, to notice when they come quickly
    /// again. A server slower than the window so costs one window of CPU per ``retryInterval``
    /// calls on a kept-alive connection; each new connection starts by busy-polling.
    struct BusyPollGate: Sendable {
        static let retryInterval = 16

        /// Waits since a busy-poll that the answer outlasted; `nil` when the last one caught it
        /// (or none was tried yet).
        private var waitsSinceMiss: Int?

        /// Whether the wait starting now busy-polls; `allowed` is whether the options let it.
        mutating func begin(allowed: Bool) -> Bool {
            guard allowed else { return false }
            guard let waits = waitsSinceMiss else { return true }
            if waits + 1 >= Self.retryInterval { return true }
            waitsSinceMiss = waits + 1
            return false
        }

        /// Notes how a busy-poll ended: `caught` when the answer came within it.
        mutating func record(caught: Bool) {
            waitsSinceMiss = caught ? nil : 0
        }
    }
#endif
