import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Runs a call's work with a time limit on the whole of it, and returns the moment the limit
/// passes or the calling task is cancelled, even when the work ignores cancellation.
///
/// `URLRequest.timeoutInterval` only limits the wait between two packets, so a server that
/// trickles its body never trips it; a deadline does. A task group would not do: it cannot
/// return before a child that ignores cancellation (a plugin awaiting a refresh that hangs), so
/// the work runs in a task of its own, which is cancelled when the call ends, and its late
/// result is dropped.
enum Deadline {
    /// Runs `work` and returns its result, `URLError(.timedOut)` after `seconds` (`nil` or
    /// infinity: no limit), or ``CourierError/cancelled`` when the calling task is cancelled.
    static func run<T: Sendable>(
        within seconds: TimeInterval?, _ work: @escaping @Sendable () async -> Result<T, CourierError>
    ) async -> Result<T, CourierError> {
        let race = Race<T>()
        let worker = Task { race.finish(await work()) }
        let timer = seconds.flatMap(WaitTime.nanoseconds).map { nanoseconds in
            Task {
                guard (try? await Task.sleep(nanoseconds: nanoseconds)) != nil else { return }
                race.finish(.failure(.underlying(URLError(.timedOut), nil)))
            }
        }
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in race.deliver(to: continuation) }
        } onCancel: {
            race.finish(.failure(.cancelled))
        }
        worker.cancel()
        timer?.cancel()
        return result
    }
}

/// The first of the work's result, the time limit and the caller's cancellation; later ones
/// are dropped.
private final class Race<T: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<Result<T, CourierError>, Never>?
        var outcome: Result<T, CourierError>?
    }

    private let state = LockedState(State())

    /// Hands the outcome to `continuation`, now if there is one already, or when it comes.
    func deliver(to continuation: CheckedContinuation<Result<T, CourierError>, Never>) {
        let outcome = state.withLock { state in
            if state.outcome == nil { state.continuation = continuation }
            return state.outcome
        }
        if let outcome { continuation.resume(returning: outcome) }
    }

    /// Settles the race with `outcome` unless it is settled already.
    func finish(_ outcome: Result<T, CourierError>) {
        let continuation = state.withLock { state -> CheckedContinuation<Result<T, CourierError>, Never>? in
            guard state.outcome == nil else { return nil }
            state.outcome = outcome
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(returning: outcome)
    }
}
