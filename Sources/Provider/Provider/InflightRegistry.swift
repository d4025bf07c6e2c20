import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Lets identical calls in flight at once share one exchange (`trackInflights`): the chain's first
/// link, so a shared exchange covers its redirects, cookies and cache (``CallChain``).
///
/// Every caller waits on its own continuation, so a caller that cancels leaves at once
/// without disturbing the others; the shared call is cancelled when its last caller leaves.
final class InflightRegistry: Sendable {
    /// What makes two requests identical: method, URL, headers and body.
    struct Key: Hashable, Sendable {
        let method: String
        let url: String
        let headers: [String: String]
        let body: Data?

        init(_ request: URLRequest) {
            method = request.httpMethod ?? "GET"
            url = request.url?.absoluteString ?? ""
            var headers: [String: String] = [:]
            for (name, value) in request.allHTTPHeaderFields ?? [:] { headers[name.lowercased()] = value }
            self.headers = headers
            body = request.httpBody
        }
    }

    private typealias Waiter = CheckedContinuation<HopAnswer, any Error>

    /// Touched only under `state`'s lock, hence unchecked.
    private final class Entry: @unchecked Sendable {
        var waiters: [UInt64: Waiter] = [:]
        var task: Task<Void, Never>?
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var nextID: UInt64 = 0
        /// Tasks waiting until at least so many callers wait (``waitForWaiters(_:)``).
        var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

        var waiterCount: Int { entries.values.reduce(0) { $0 + $1.waiters.count } }

        /// Takes the watchers whose count is reached.
        mutating func takeSatisfiedWatchers() -> [CheckedContinuation<Void, Never>] {
            let count = waiterCount
            let satisfied = watchers.filter { $0.count <= count }.map(\.continuation)
            watchers.removeAll { $0.count <= count }
            return satisfied
        }
    }

    private let state = LockedState(State())

    /// How many distinct calls are in flight now.
    var count: Int { state.withLock { $0.entries.count } }

    /// How many callers wait on the calls in flight now.
    var waiterCount: Int { state.withLock { $0.waiterCount } }

    /// Returns once at least `count` callers wait on the calls in flight, so that a test can
    /// release a shared call knowing who shares it, without polling.
    func waitForWaiters(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let reached = state.withLock { state in
                if state.waiterCount >= count { return true }
                state.watchers.append((count, continuation))
                return false
            }
            if reached { continuation.resume() }
        }
    }

    /// The answer of `work`, run once for the callers that share `key` while it runs.
    func share(_ key: Key, _ work: @escaping @Sendable () async throws -> HopAnswer) async throws -> HopAnswer {
        let id = state.withLock { state -> UInt64 in
            state.nextID += 1
            return state.nextID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: Waiter) in
                join(key, id: id, continuation: continuation, work: work)
                if Task.isCancelled { leave(key, id: id) }
            }
        } onCancel: {
            leave(key, id: id)
        }
    }

    private func join(
        _ key: Key, id: UInt64, continuation: Waiter, work: @escaping @Sendable () async throws -> HopAnswer
    ) {
        let satisfied = state.withLock { state in
            if let entry = state.entries[key] {
                entry.waiters[id] = continuation
            } else {
                let entry = Entry()
                entry.waiters[id] = continuation
                state.entries[key] = entry
                entry.task = Task {
                    let result: Result<HopAnswer, any Error>
                    do {
                        result = .success(try await work())
                    } catch {
                        result = .failure(error)
                    }
                    self.finish(entry, key: key, with: result)
                }
            }
            return state.takeSatisfiedWatchers()
        }
        for watcher in satisfied { watcher.resume() }
    }

    /// Hands `result` to the callers of `entry`. An entry every caller left was removed then, and
    /// a newer identical call may hold its key now: the late result must not reach that call's callers.
    private func finish(_ entry: Entry, key: Key, with result: Result<HopAnswer, any Error>) {
        let waiters = state.withLock { state -> [UInt64: Waiter] in
            guard let current = state.entries[key], current === entry else { return [:] }
            state.entries.removeValue(forKey: key)
            return current.waiters
        }
        for waiter in waiters.values { waiter.resume(with: result) }
    }

    private func leave(_ key: Key, id: UInt64) {
        let (waiter, abandoned) = state.withLock { state -> (Waiter?, Task<Void, Never>?) in
            guard let entry = state.entries[key], let waiter = entry.waiters.removeValue(forKey: id) else {
                return (nil, nil)
            }
            guard entry.waiters.isEmpty else { return (waiter, nil) }
            state.entries.removeValue(forKey: key)
            return (waiter, entry.task)
        }
        waiter?.resume(throwing: CancellationError())
        abandoned?.cancel()
    }
}
