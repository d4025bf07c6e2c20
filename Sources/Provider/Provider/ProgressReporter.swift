import Foundation

/// Hands a call's progress steps to the app in order, so that they only grow, and ends them
/// with the step that carries the response.
///
/// A retried call starts its transfer again from zero; its steps are held back until they pass
/// the furthest point reported so far. A step is passed on when its fraction is larger, or equal
/// with more bytes done (a transfer of unknown size stays at 0 but its byte count grows). No step
/// follows the final one.
final class ProgressReporter: Sendable {
    private struct State {
        var fraction = 0.0
        var completedUnitCount: Int64 = -1
        var last: TransferProgress?
        var finished = false
    }

    private let state = LockedState(State())
    private let deliver: ProgressBlock

    /// Creates a reporter that passes steps to `deliver`.
    init(_ deliver: @escaping ProgressBlock) {
        self.deliver = deliver
    }

    /// Passes on a step of the transfer, unless it would go backwards.
    func report(_ step: ProgressResponse) {
        if let response = step.response {
            finish(with: response)
            return
        }
        guard let progress = step.progressObject else { return }
        state.withLock { state in
            let fraction = progress.fractionCompleted
            guard !state.finished,
                fraction > state.fraction
                    || (fraction == state.fraction && progress.completedUnitCount > state.completedUnitCount)
            else { return }
            state.fraction = fraction
            state.completedUnitCount = progress.completedUnitCount
            state.last = progress
            // Delivered under the lock, so steps from different threads cannot overtake each other.
            deliver(step)
        }
    }

    /// Passes on the final step, with `response` and the last byte counts, to `last` when given
    /// (a stream that adds a decoded value to it) and to the reporter's block otherwise; later
    /// steps are dropped.
    func finish(with response: Response, to last: ((ProgressResponse) -> Void)? = nil) {
        state.withLock { state in
            guard !state.finished else { return }
            state.finished = true
            state.fraction = 1
            (last ?? deliver)(ProgressResponse(progress: state.last, response: response))
        }
    }
}
