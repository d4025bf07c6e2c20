import Foundation

/// A wait given in seconds by an app (a timeout, a `retryAfter`, a delayed stub) as Swift's
/// sleeps take it.
///
/// `UInt64(seconds * 1e9)` traps for infinity, NaN and anything above about 1.8e10 seconds;
/// every such conversion in the pipeline goes through here instead.
enum WaitTime {
    /// `seconds` in nanoseconds: `0` for a negative value or NaN, `nil` for infinity or a wait too
    /// long to count in nanoseconds (about 584 years): a wait that never ends by itself.
    static func nanoseconds(_ seconds: TimeInterval) -> UInt64? {
        guard !seconds.isNaN, seconds > 0 else { return 0 }
        let nanoseconds = seconds * 1_000_000_000
        guard nanoseconds < Double(UInt64.max) else { return nil }
        return UInt64(nanoseconds)
    }

    /// Sleeps `seconds` of `clock`; an endless wait lasts until the task is cancelled.
    ///
    /// - Throws: `CancellationError` when the task is cancelled.
    static func sleep(_ seconds: TimeInterval, on clock: WaitClock) async throws {
        guard let nanoseconds = nanoseconds(seconds) else {
            try await sleepUntilCancelled(on: clock)
            return
        }
        try await clock.sleep(nanoseconds: nanoseconds)
    }

    private static func sleepUntilCancelled(on clock: WaitClock) async throws {
        while true { try await clock.sleep(until: .max) }
    }
}
