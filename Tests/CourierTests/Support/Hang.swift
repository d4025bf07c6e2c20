import Courier
import Foundation

/// A wait that ignores cancellation and ends only when the test releases it: what a plugin or a
/// refresh that hangs does to a call.
final class Hang: Sendable {
    private let waiters = LockedState<[CheckedContinuation<Void, Never>]>([])

    /// How many waits have begun.
    var started: Int { waiters.withLock { $0.count } }

    /// Waits until ``release()``, whatever happens to the task.
    func wait() async {
        await withCheckedContinuation { continuation in waiters.withLock { $0.append(continuation) } }
    }

    /// Ends every wait so far.
    func release() {
        for waiter in waiters.withLock({ $0 }) { waiter.resume() }
        waiters.withLock { $0.removeAll() }
    }
}
