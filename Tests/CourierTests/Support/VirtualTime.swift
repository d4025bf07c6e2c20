import Foundation

@testable import Courier

extension ManualClock {
    /// Moves time from one sleep's deadline to the next until `task` ends, and returns its value
    /// with the time it ended at: a test of a deadline runs it on virtual time and asserts the
    /// exact instant, which no load on the machine can move. Exact when nothing else sleeps on the
    /// clock past the instant the task ends (time then has nowhere to go); with other sleepers,
    /// step the clock with ``advance(to:)`` instead.
    func run<T: Sendable>(until task: Task<T, Never>) async -> (value: T, endedAt: UInt64) {
        await withTaskGroup(of: (T, UInt64)?.self) { group in
            group.addTask { (await task.value, self.now()) }
            group.addTask {
                while let next = await self.nextDeadline(sleepsOnly: true) { await self.advance(to: next) }
                return nil
            }
            var ended: (T, UInt64)?
            while ended == nil, let result = await group.next() { ended = result }
            group.cancelAll()
            // The first child ends every run; the second only when cancelled.
            guard let ended else { preconditionFailure("the task group ended without the task") }
            return ended
        }
    }

    /// A provider's options whose waits (deadlines, retry waits, delayed stubs) are on this clock.
    func options(timeout: TimeInterval?, attempts: Int = 3) -> ProviderOptions {
        var options = ProviderOptions(maximumAttempts: attempts, timeout: timeout)
        options.clock = .manual(self)
        return options
    }
}

/// `seconds` as the nanoseconds a ``ManualClock`` counts.
func nanoseconds(_ seconds: Double) -> UInt64 { UInt64((seconds * 1e9).rounded()) }
