import Foundation
import Synchronization

/// A call's `accept` closure, handed to the task that runs the call's work, the number of the
/// attempt that work has reached, and what its transport measured last.
///
/// It need not be `Sendable` (a decoding closure captures its output type, a metatype Swift does
/// not count as `Sendable`): only that task calls `accept`, one response after another, and the
/// caller calls it again, if at all, only after that task handed over its result.
final class CallWork: @unchecked Sendable {
    let accept: (Response) throws(CourierError) -> Void
    private let attempt = Atomic<Int>(1)
    private let timings = LockedState<CallTimings?>(nil)

    init(accept: @escaping (Response) throws(CourierError) -> Void) {
        self.accept = accept
    }

    /// The attempt the work runs now, or ran last; written by the work, read by the caller when
    /// the call ends (a late retry of work that was let go may still move it on).
    var lastAttempt: Int {
        get { attempt.load(ordering: .acquiring) }
        set { attempt.store(newValue, ordering: .releasing) }
    }

    /// What the transport measured of the last attempt's exchange, for `didFinish`; written by
    /// the work, read by the caller when the call ends.
    var lastTimings: CallTimings? {
        get { timings.withLock { $0 } }
        set { timings.withLock { $0 = newValue } }
    }
}

/// The decoded output of a call, written by the call's work and read by the caller after the work
/// has handed its result over.
final class DecodedOutput<Output>: @unchecked Sendable {
    // Unchecked: written only inside the call's work, which then finishes the call's `Deadline`
    // race under a lock; read only by the caller after that race handed it the work's own result
    // (a timeout or a cancellation leaves it unread).
    var value: Output?
}
