import Foundation

/// A call's `accept` closure, handed to the task that runs the call's work.
///
/// It need not be `Sendable` (a decoding closure captures its output type, a metatype Swift does
/// not count as `Sendable`): only that task calls it, one response after another, and the caller
/// calls it again, if at all, only after that task handed over its result.
struct CallWork: @unchecked Sendable {
    let accept: (Response) throws(CourierError) -> Void
}

/// The decoded output of a call, written by the call's work and read by the caller after the work
/// has handed its result over.
final class DecodedOutput<Output>: @unchecked Sendable {
    // Unchecked: written only inside the call's work, which then finishes the call's `Deadline`
    // race under a lock; read only by the caller after that race handed it the work's own result
    // (a timeout or a cancellation leaves it unread).
    var value: Output?
}
