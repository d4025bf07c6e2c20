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

    @Test("deadlines scheduled out of order each expire their own call, none before its time")
    func order() async {
        let timer = DeadlineTimer()
        let started = ContinuousClock.now
        let calls = [(Self.call(), 0.3), (Self.call(), 0.1), (Self.call(), 0.2)]
        for (call, seconds) in calls { _ = timer.schedule(call, after: UInt64(seconds * 1e9)) }
        await withTaskGroup(of: Void.self) { group in
            for (call, seconds) in calls {
                group.addTask {
                    let result = await outcome(of: call)
                    #expect(isTimeout(result))
                    #expect(call.stopped.isTimeout, "the work is told the deadline stopped it")
                    #expect(ContinuousClock.now - started >= .seconds(seconds), "not before its time")
                }
            }
        }
        #expect(timer.pendingCount == 0)
    }

    @Test("an earlier deadline scheduled after a later one is not held back by it")
    func earlierAfterLater() async {
        let timer = DeadlineTimer()
        let late = Self.call()
        let entry = timer.schedule(late, after: 60_000_000_000)
        let early = Self.call()
        let started = ContinuousClock.now
        _ = timer.schedule(early, after: 50_000_000)
        #expect(isTimeout(await outcome(of: early)))
        #expect(ContinuousClock.now - started < .seconds(TestTiming.withoutHanging))
        #expect(!late.stopped.isTimeout, "the later deadline has not passed")
        timer.cancel(entry)
        #expect(timer.pendingCount == 0)
    }

    @Test("cancelled deadlines never fire, and the heap keeps only about twice the live ones")
    func cancelledLeaveNothing() async {
        let timer = DeadlineTimer()
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
