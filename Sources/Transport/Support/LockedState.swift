#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// State that several threads share, behind a pthread mutex: what `Synchronization.Mutex` does,
/// in a form ThreadSanitizer understands.
///
/// On Linux, `Mutex` locks with raw futex calls from an uninstrumented module, so
/// ThreadSanitizer sees none of its ordering and reports every access made under it as a race;
/// a pthread mutex is just as fast uncontended. Courier's transports and the built-in plugins
/// keep their state in it, and an app's plugin can do the same:
///
/// ```swift
/// final class CallCounter: PluginType {
///     private let count = LockedState(0)
///
///     func willSend(_ request: URLRequest, target: any TargetType) {
///         count.withLock { $0 += 1 }
///     }
///     var calls: Int { count.withLock { $0 } }
/// }
/// ```
public final class LockedState<State: Sendable>: @unchecked Sendable {
    // Unchecked: `state` is read and written only inside `withLock`, between `pthread_mutex_lock`
    // and `pthread_mutex_unlock` on `mutex`, which is allocated once and never moved.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var state: State

    /// Creates the lock around `state`.
    public init(_ state: State) {
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
    public func withLock<Result, Failure: Error>(
        _ body: (inout State) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state)
    }
}
