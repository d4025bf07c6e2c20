import Foundation

/// State that several threads share, behind Foundation's `NSLock`: the built-in plugins' form of
/// Courier's `LockedState`, which is not public.
///
/// The plugins use nothing of Courier but its public API (scripts/check-plugins-api), exactly as
/// an app's own plugin, and a lock is no networking API for Courier to publish. `NSLock` is the
/// same lock as `LockedState`'s: a pthread mutex (on Linux and on Apple platforms), which
/// ThreadSanitizer understands, where `Synchronization.Mutex` is reported as racing on Linux.
final class LockedValue<State: Sendable>: @unchecked Sendable {
    // Unchecked: `state` is read and written only inside `withLock`, under `lock`.
    private let lock = NSLock()
    private var state: State

    /// Creates the lock around `state`.
    init(_ state: State) {
        self.state = state
    }

    /// Runs `body` with exclusive access to the state and returns its result. `body` must not
    /// call `withLock` on the same instance: the lock is not recursive.
    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
