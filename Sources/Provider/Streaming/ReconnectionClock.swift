import Foundation

/// The time a reconnecting event stream reads and waits on: the system's continuous clock, or
/// in tests a virtual one whose waits return at once, so that the schedule is observed, not slept.
struct ReconnectionClock: Sendable {
    /// The time now, from an origin of the clock's choosing.
    let now: @Sendable () -> Duration
    /// Waits `duration`; throws when the task is cancelled.
    let sleep: @Sendable (Duration) async throws -> Void

    /// The system's continuous clock.
    static let system: ReconnectionClock = {
        let origin = ContinuousClock.now
        return ReconnectionClock(
            now: { ContinuousClock.now - origin },
            sleep: { duration in try await Task.sleep(for: duration) })
    }()
}
