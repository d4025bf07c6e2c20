#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// State that several threads share, behind a pthread mutex: Courier's one lock.
///
/// Every lock in Courier's modules is this one; `Synchronization.Mutex` is not used. On Linux,
/// `Mutex` locks with raw futex calls from an uninstrumented module, so ThreadSanitizer sees
/// none of its ordering and reports every access made under it as a race; a pthread mutex is
/// just as fast uncontended, and TSan intercepts it. (`Atomic` stays where a counter is all that
/// is shared: TSan understands atomics.)
///
/// It is `package`, not public: a lock is no networking API. CourierPlugins, which may use only
/// Courier's public API, keeps its state in an internal `LockedValue` over Foundation's `NSLock`,
/// the same pthread mutex; an app's plugin can do the same, or use `Mutex`.
package final class LockedState<State: Sendable>: @unchecked Sendable {
    // Unchecked: `state` is read and written only inside `withLock`, between `pthread_mutex_lock`
    // and `pthread_mutex_unlock` on `mutex`, which is allocated once and never moved.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var state: State

    /// Creates the lock around `state`.
    package init(_ state: State) {
        self.state = state
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the state and returns its result. `body` must not
    /// call `withLock` on the same instance: the mutex is not recursive.
    package func withLock<Result, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state)
    }
}
