import Dispatch

/// The time the provider's own waits read: a call's deadline, a stream's idle limit, the idle
/// timeout `URLSessionTransport` keeps for a fractional `timeoutInterval`, a retry's wait, a delayed
/// stub. The system's monotonic clock, or a ``ManualClock`` that a test advances, so that a test
/// of a timeout neither sleeps nor depends on how busy the machine is.
package struct WaitClock: Sendable {
    /// The test clock, `nil` for the system's.
    package let manual: ManualClock?

    /// The system's monotonic clock.
    package static let system = WaitClock(manual: nil)

    /// Time that moves only when `clock` is advanced.
    package static func manual(_ clock: ManualClock) -> WaitClock { WaitClock(manual: clock) }

    /// The time, in nanoseconds.
    package func now() -> UInt64 { manual?.now() ?? DispatchTime.now().uptimeNanoseconds }

    /// `nanoseconds` from now, saturating rather than overflowing for an endless wait.
    package func deadline(after nanoseconds: UInt64) -> UInt64 {
        let (sum, overflow) = now().addingReportingOverflow(nanoseconds)
        return overflow ? .max : sum
    }

    /// Returns when the clock reaches `deadline`; throws `CancellationError` when the task is
    /// cancelled first.
    package func sleep(until deadline: UInt64) async throws {
        if let manual { return try await manual.sleep(until: deadline) }
        let now = DispatchTime.now().uptimeNanoseconds
        guard deadline > now else { return try Task.checkCancellation() }
        try await Task.sleep(nanoseconds: deadline - now)
    }

    /// Waits `nanoseconds` of this clock; throws `CancellationError` when the task is cancelled.
    package func sleep(nanoseconds: UInt64) async throws {
        try await sleep(until: deadline(after: nanoseconds))
    }
}
