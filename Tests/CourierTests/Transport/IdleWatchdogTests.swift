import Foundation
import Testing

@testable import Courier

/// The idle timeout URLSessionTransport keeps for a fractional `timeoutInterval`, on virtual time:
/// each test moves a ``ManualClock`` and looks at the watchdog between moves, so none waits for
/// time to pass and none depends on how busy the machine is.
@Suite("IdleWatchdog")
struct IdleWatchdogTests {
    private let clock = ManualClock()

    /// Starts `watchdog`'s transfer and watches it; the task ends when it fires (returning `true`)
    /// or its watch is over.
    private func watching(_ watchdog: IdleWatchdog) async -> Task<Bool, Never> {
        let fired = LockedState(false)
        let task = Task {
            await watchdog.watch { fired.withLock { $0 = true } }
            return fired.withLock { $0 }
        }
        watchdog.noteActivity()
        // The watch sleeps on the clock once it has read its first deadline.
        _ = await clock.nextDeadline(sleepsOnly: true)
        return task
    }

    @Test("fires once the interval passes without activity, not before")
    func firesWhenIdle() async {
        let watchdog = IdleWatchdog(seconds: 0.5, clock: .manual(clock))
        let watch = await watching(watchdog)
        await clock.advance(by: .milliseconds(499))
        #expect(!watchdog.hasFired)
        await clock.advance(by: .milliseconds(1))
        #expect(await watch.value)
        #expect(watchdog.hasFired)
    }

    @Test("activity pushes the deadline back")
    func activityPostpones() async {
        let watchdog = IdleWatchdog(seconds: 0.15, clock: .manual(clock))
        let watch = await watching(watchdog)
        // Six pieces 0.1 s apart: 0.6 s in all, never 0.15 s without one.
        for _ in 0..<6 {
            await clock.advance(by: .milliseconds(100))
            watchdog.noteActivity()
        }
        #expect(!watchdog.hasFired)
        await clock.advance(by: .milliseconds(150))
        #expect(await watch.value)
    }

    @Test("a watch that wakes late, after the transfer ended, never fires")
    func endedTransferNeverFires() async {
        let watchdog = IdleWatchdog(seconds: 0.5, clock: .manual(clock))
        let watch = await watching(watchdog)
        // The answer came in time, but the watch's own wake-up comes long after (a busy machine).
        watchdog.end()
        await clock.advance(by: .seconds(10))
        #expect(await watch.value == false)
        #expect(!watchdog.hasFired)
    }

    @Test("the time before the transfer starts is not idle time")
    func countsFromTheStart() async {
        let watchdog = IdleWatchdog(seconds: 0.5, clock: .manual(clock))
        let fired = LockedState(false)
        let watch = Task {
            await watchdog.watch { fired.withLock { $0 = true } }
            return fired.withLock { $0 }
        }
        // The task waits ten seconds to be made (FoundationNetworking's one queue is busy).
        await clock.advance(by: .seconds(10))
        #expect(!watchdog.hasFired)
        watchdog.noteActivity()
        _ = await clock.nextDeadline(sleepsOnly: true)
        await clock.advance(by: .milliseconds(499))
        #expect(!watchdog.hasFired)
        await clock.advance(by: .milliseconds(1))
        #expect(await watch.value)
    }

    @Test("a cancelled watch returns without firing")
    func cancelled() async {
        let watchdog = IdleWatchdog(seconds: 30, clock: .manual(clock))
        let watching = Task { await watchdog.watch { Issue.record("fired") } }
        watching.cancel()
        await watching.value
        #expect(!watchdog.hasFired)
    }
}
