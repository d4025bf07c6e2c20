import Foundation

/// How long an ``Outbox`` waits before it sends a mutation again after a network failure, a `5xx`,
/// a `408` or a `429`: exponential, with jitter, never longer than ``maximumDelay``.
///
/// The wait before attempt `n + 1` is `initialDelay × multiplier^(n − 1)`, held to
/// ``maximumDelay``, then drawn between half of it and all of it, so that many devices coming
/// back online together do not all send at the same instant. A `Retry-After` the server sent
/// makes the wait at least that long (held to ``maximumDelay`` too). The wait ends early when the
/// app says the network is back (``Outbox/sendNow()``) and, after a network failure, when
/// another call of the provider succeeds.
public struct OutboxBackoff: Sendable, Equatable {
    /// The wait after the first failure, in seconds; `1` by default.
    public var initialDelay: TimeInterval
    /// The longest wait, in seconds; `300` (five minutes) by default.
    public var maximumDelay: TimeInterval
    /// How much longer each wait is than the one before; `2` by default.
    public var multiplier: Double

    /// Creates a backoff.
    public init(initialDelay: TimeInterval = 1, maximumDelay: TimeInterval = 300, multiplier: Double = 2) {
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
        self.multiplier = multiplier
    }

    /// The wait after `failures` attempts that did not succeed (at least 1), in seconds, before
    /// jitter: the exponential step, at least `retryAfter` when the server asked for it, held to
    /// ``maximumDelay``. Bad settings (negative, NaN) count as none.
    func delay(afterFailures failures: Int, retryAfter: TimeInterval?) -> TimeInterval {
        let ceiling = Self.sane(maximumDelay)
        let growth = max(1, Self.sane(multiplier))
        var delay = Self.sane(initialDelay)
        for _ in 1..<max(1, min(failures, 64)) where delay < ceiling { delay *= growth }
        delay = min(delay, ceiling)
        if let retryAfter { delay = max(delay, min(Self.sane(retryAfter), ceiling)) }
        return delay
    }

    /// `delay` drawn between half of it and all of it, from `random` in `0...1`; a server's
    /// `Retry-After` is never shortened (`floor`).
    static func jittered(_ delay: TimeInterval, random: Double, floor: TimeInterval) -> TimeInterval {
        let unit = min(1, max(0, random.isNaN ? 1 : random))
        return max(delay * (0.5 + 0.5 * unit), min(floor, delay))
    }

    private static func sane(_ value: Double) -> Double {
        value.isNaN || value < 0 ? 0 : value
    }
}
