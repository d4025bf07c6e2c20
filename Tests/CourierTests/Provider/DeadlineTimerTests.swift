import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The one timer every call's deadline shares: each deadline ends its own call, in order, at its
/// time; a cancelled one never fires and leaves nothing behind.
@Suite("Deadline timer: one timer for every call")
struct DeadlineTimerTests {
    /// What `call`'s race is settled with, once it is.
    private func outcome(of call: Call) async -> Result<Response, CourierError> {
        await withUnsafeContinuation { continuation in call.deliver(to: continuation) }
    }

    private func isTimeout(_ result: Result<Response, CourierError>) -> Bool {
        guard case .failure(let error) = result else { return false }
        return error.isTimeout
    }

    private static func call() -> Call { Call(accept: { _ in }) }

    @Test("deadlines scheduled out of order each expire their own call, at their time and not before")
    func order() async {
        let clock = ManualClock()
        let timer = DeadlineTimer(clock: .manual(clock))
        let origin = clock.now()
        let calls = [(Self.call(), 0.3), (Self.call(), 0.1), (Self.call(), 0.2)]
        for (call, seconds) in calls { _ = timer.schedule(call, after: nanoseconds(seconds)) }
        for (call, seconds) in calls.sorted(by: { $0.1 < $1.1 }) {
            await clock.advance(to: origin + nanoseconds(seconds) - 1)
            #expect(!call.stopped.isTimeout, "not a nanosecond before its time")
            await clock.advance(to: origin + nanoseconds(seconds))
            #expect(isTimeout(await outcome(of: call)))
            #expect(call.stopped.isTimeout, "the work is told the deadline stopped it")
        }
        #expect(timer.pendingCount == 0)
    }

    @Test("an earlier deadline scheduled after a later one is not held back by it")
    func earlierAfterLater() async {
        let clock = ManualClock()
        let timer = DeadlineTimer(clock: .manual(clock))
        let late = Self.call()
        let entry = timer.schedule(late, after: 60_000_000_000)
        let early = Self.call()
        _ = timer.schedule(early, after: 50_000_000)
        await clock.advance(by: .milliseconds(50))
        #expect(isTimeout(await outcome(of: early)))
        #expect(!late.stopped.isTimeout, "the later deadline has not passed")
        timer.cancel(entry)
        #expect(timer.pendingCount == 0)
    }

    @Test("the process's timer, on the system's clock, expires a call too")
    func systemClock() async {
        let call = Self.call()
        _ = DeadlineTimer.shared.schedule(call, after: 1_000_000)
        #expect(isTimeout(await outcome(of: call)))
    }

    @Test("cancelled deadlines never fire, and the heap keeps only about twice the live ones")
    func cancelledLeaveNothing() async {
        let clock = ManualClock()
        let timer = DeadlineTimer(clock: .manual(clock))
        let kept = Self.call()
        let keptEntry = timer.schedule(kept, after: 60_000_000_000)
        for _ in 0..<10_000 {
            let call = Self.call()
            timer.cancel(timer.schedule(call, after: 60_000_000_000))
        }
        #expect(timer.pendingCount == 1)
        #expect(timer.storedCount <= 65, "cancelled entries are dropped, not kept until their time")
        // A cancelled deadline does not fire either: the probe's, later, has when it is checked.
        let cancelled = Self.call()
        timer.cancel(timer.schedule(cancelled, after: 200_000_000))
        let probe = Self.call()
        _ = timer.schedule(probe, after: 400_000_000)
        await clock.advance(by: .milliseconds(400))
        #expect(isTimeout(await outcome(of: probe)))
        #expect(!cancelled.stopped.isTimeout)
        timer.cancel(keptEntry)
    }

    @Test("a far deadline (1e10 s) is kept without trapping and cancelled like any other")
    func farDeadline() {
        let timer = DeadlineTimer()
        let entry = timer.schedule(Self.call(), after: UInt64.max - 1)
        #expect(timer.pendingCount == 1)
        timer.cancel(entry)
        #expect(timer.pendingCount == 0)
    }
}
