import Foundation

/// A continuation resumed at most once, whoever asks first: an app's request closure that calls
/// `done` twice, or a cancellation racing it, must neither trap nor resume a finished wait.
final class OnceContinuation<Value: Sendable>: Sendable {
    private let state = LockedState<State>(.waiting)

    private enum State {
        case waiting
        case pending(CheckedContinuation<Value, any Error>)
        case early(Result<Value, any Error>)
        case done
    }

    func set(_ continuation: CheckedContinuation<Value, any Error>) {
        let early: Result<Value, any Error>? = state.withLock { state in
            switch state {
            case .waiting:
                state = .pending(continuation)
                return nil
            case .early(let result):
                state = .done
                return result
            case .pending, .done:
                return nil
            }
        }
        if let early { continuation.resume(with: early) }
    }

    func resume(with result: Result<Value, any Error>) {
        let continuation: CheckedContinuation<Value, any Error>? = state.withLock { state in
            switch state {
            case .waiting:
                state = .early(result)
                return nil
            case .pending(let continuation):
                state = .done
                return continuation
            case .early, .done:
                return nil
            }
        }
        continuation?.resume(with: result)
    }
}
