import Foundation
import Testing

@testable import Courier

@Suite("IdleWatchdog")
struct IdleWatchdogTests {
    @Test("fires once the interval passes without activity")
    func firesWhenIdle() async {
        let watchdog = IdleWatchdog(seconds: 0.05)
        let clock = ContinuousClock()
        let start = clock.now
        let fired = LockedState(0)
        await watchdog.watch { fired.withLock { $0 += 1 } }
        #expect(fired.withLock { $0 } == 1)
        #expect(watchdog.hasFired)
        #expect(clock.now - start >= .milliseconds(50))
    }

    @Test("activity pushes the deadline back")
    func activityPostpones() async {
        let watchdog = IdleWatchdog(seconds: 0.15)
        let clock = ContinuousClock()
        let start = clock.now
        let feeding = Task {
            for _ in 0..<6 {
                try? await Task.sleep(for: .milliseconds(50))
                watchdog.noteActivity()
            }
        }
        await watchdog.watch {}
        await feeding.value
        #expect(watchdog.hasFired)
        #expect(clock.now - start >= .milliseconds(300))
    }

    @Test("a cancelled watch returns without firing")
    func cancelled() async {
        let watchdog = IdleWatchdog(seconds: 30)
        let watching = Task { await watchdog.watch { Issue.record("fired") } }
        watching.cancel()
        await watching.value
        #expect(!watchdog.hasFired)
    }
}
