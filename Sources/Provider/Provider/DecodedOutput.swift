/// The decoded output of a call, written by the call's work and read by the caller after the work
/// has handed its result over.
final class DecodedOutput<Output>: @unchecked Sendable {
    // Unchecked: written only inside the call's work, which then settles the call's `Deadline`
    // race under a lock; read only by the caller after that race handed it the work's own result
    // (a timeout or a cancellation leaves it unread).
    var value: Output?
}
