import Foundation

/// A call that can be cancelled; returned by the completion-handler form of `request`.
public protocol Cancellable: Sendable {
    /// Whether ``cancel()`` was called.
    var isCancelled: Bool { get }
    /// Cancels the call: its network work stops and its completion receives
    /// `CourierError.underlying(CancellationError(), nil)` unless it had already finished.
    func cancel()
}

/// The ``Cancellable`` of a call running in a Swift task.
final class TaskCancellable: Cancellable {
    private let state = LockedState<(cancelled: Bool, task: Task<Void, Never>?)>((false, nil))

    var isCancelled: Bool { state.withLock { $0.cancelled } }

    func attach(_ task: Task<Void, Never>) {
        let cancelledAlready = state.withLock { state -> Bool in
            state.task = task
            return state.cancelled
        }
        if cancelledAlready { task.cancel() }
    }

    func cancel() {
        let task = state.withLock { state -> Task<Void, Never>? in
            state.cancelled = true
            return state.task
        }
        task?.cancel()
    }
}
