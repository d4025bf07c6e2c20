import Testing

@testable import CourierTransport

/// The test clock on its own: sleeps end when time reaches them, never before; cancellation ends
/// them; advances wait for the loops counted in.
@Suite("Manual clock")
struct ManualClockTests {
    @Test("a sleep ends when an advance reaches its deadline, not before")
    func sleepEndsAtDeadline() async throws {
        let clock = ManualClock(now: 1_000)
        let sleeper = Task { try await clock.sleep(until: 1_500) }
        #expect(await clock.nextDeadline(sleepsOnly: true) == 1_500)
        await clock.advance(to: 1_499)
        // Still waiting: the deadline is still pending.
        #expect(await clock.nextDeadline() == 1_500)
        await clock.advance(by: .nanoseconds(1))
        try await sleeper.value
        #expect(clock.now() == 1_500)
    }

    @Test("a sleep whose deadline passed returns at once; time never goes back")
    func pastDeadline() async throws {
        let clock = ManualClock(now: 1_000)
        try await clock.sleep(until: 1_000)
        await clock.advance(to: 500)
        #expect(clock.now() == 1_000)
    }

    @Test("cancelling a sleep throws CancellationError")
    func cancelledSleep() async {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(until: .max) }
        _ = await clock.nextDeadline()
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
    }

    @Test("an advance returns once every loop counted in has looked at the new time")
    func advanceWaitsForLoops() async {
        let clock = ManualClock(now: 0)
        let (wakes, wake) = AsyncStream<Void>.makeStream()
        let loop = clock.attach { wake.yield() }
        clock.loopWaits(loop, checkedAt: 0, next: 40)
        #expect(await clock.nextDeadline() == 40)
        let advance = Task { await clock.advance(to: 40) }
        // The loop is woken, looks at the time, and reports it: only then does the advance end.
        var woken = wakes.makeAsyncIterator()
        #expect(await woken.next() != nil)
        clock.loopWaits(loop, checkedAt: 40, next: nil)
        await advance.value
        clock.detach(loop)
        // With no loop counted in, an advance does not wait.
        await clock.advance(to: 50)
    }
}
