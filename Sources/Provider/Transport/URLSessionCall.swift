import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One call of ``URLSessionTransport``: the caller's continuation, resumed once by whichever
/// comes first — the task's delegate with its result (the whole answer, or a stream's head), or
/// the call's cancellation — and the task, which is made off the caller's thread.
///
/// Making and resuming a `URLSessionTask` wait on the session's work queue (`workQueue.sync` in
/// FoundationNetworking), which a busy transfer can hold for seconds, so the transport does both
/// on a queue of its own rather than on a thread of Swift's cooperative pool; a cancellation that
/// comes meanwhile still ends the call at once.
final class URLSessionCall: Sendable {
    private struct State {
        var continuation: CheckedContinuation<URLSessionTransportDelegate.Delivery, any Error>?
        var task: URLSessionTask?
        var isCancelled = false
    }

    private let state = LockedState(State())
    /// The call's idle timeout, if the transport keeps one: over when the call ends.
    private let watchdog: IdleWatchdog?

    /// Creates the call around the caller's continuation.
    init(_ continuation: CheckedContinuation<URLSessionTransportDelegate.Delivery, any Error>, watchdog: IdleWatchdog?)
    {
        self.watchdog = watchdog
        state.withLock { $0.continuation = continuation }
    }

    /// Whether the call was cancelled before its task was made.
    var isCancelled: Bool { state.withLock { $0.isCancelled } }

    /// Ends the call with `delivery`, unless it has ended already.
    func resume(returning delivery: URLSessionTransportDelegate.Delivery) {
        take()?.resume(returning: delivery)
    }

    /// Ends the call with `error`, unless it has ended already.
    func resume(throwing error: any Error) {
        take()?.resume(throwing: error)
    }

    /// Attaches the call's task; `false` when the call was cancelled first, so the task must not
    /// be resumed.
    func attach(_ task: URLSessionTask) -> Bool {
        state.withLock { state in
            guard !state.isCancelled else { return false }
            state.task = task
            return true
        }
    }

    /// Ends the call with `CancellationError` now and returns its task, if it has one yet, to be
    /// cancelled; `nil` too when the call had ended already (a stream's call ends with its head,
    /// and its body then goes on without the caller's cancellation).
    func cancel() -> URLSessionTask? {
        let (continuation, task) = state.withLock { state in
            state.isCancelled = true
            defer { state.continuation = nil }
            return (state.continuation, state.task)
        }
        guard let continuation else { return nil }
        continuation.resume(throwing: CancellationError())
        return task
    }

    private func take() -> CheckedContinuation<URLSessionTransportDelegate.Delivery, any Error>? {
        // Ended before the caller hears of it: a watchdog that wakes late, after the answer came,
        // must not take the answered call for an idle one.
        watchdog?.end()
        return state.withLock { state in
            defer { state.continuation = nil }
            return state.continuation
        }
    }
}
