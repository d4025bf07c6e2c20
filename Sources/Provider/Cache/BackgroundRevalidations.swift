import Foundation

/// The `stale-while-revalidate` work of one cache: at most one revalidation per key at a time, at
/// most `limit` in all, none after the cache closed, and each cancelled when it closes.
///
/// Its tasks are remembered here until they end, so ``close()`` can cancel them and wait for
/// them: no work of the cache outlives it.
final class BackgroundRevalidations: Sendable {
    private struct State {
        var tasks: [CacheKey: Task<Void, Never>] = [:]
        var closed = false
    }

    /// The most revalidations that run at once; one more is not started (the stale answer is
    /// still served, and a later call revalidates).
    let limit: Int
    private let state = LockedState(State())

    init(limit: Int) {
        self.limit = max(0, limit)
    }

    /// How many revalidations run now.
    var running: Int { state.withLock { $0.tasks.count } }

    /// Starts `work` for `key` unless one runs for it already, `limit` are running, or the cache
    /// closed; returns whether it started.
    @discardableResult
    func start(_ key: CacheKey, _ work: @escaping @Sendable () async -> Void) -> Bool {
        state.withLock { state in
            guard !state.closed, state.tasks[key] == nil, state.tasks.count < limit else { return false }
            state.tasks[key] = Task {
                await work()
                self.finished(key)
            }
            return true
        }
    }

    private func finished(_ key: CacheKey) {
        state.withLock { _ = $0.tasks.removeValue(forKey: key) }
    }

    /// Returns when the revalidations running now have ended, without cancelling them (for tests).
    func drain() async {
        let tasks = state.withLock { Array($0.tasks.values) }
        for task in tasks { await task.value }
    }

    /// Starts nothing more, cancels what runs, and returns when it has all ended.
    func close() async {
        let tasks = state.withLock { state in
            state.closed = true
            return Array(state.tasks.values)
        }
        for task in tasks { task.cancel() }
        for task in tasks { await task.value }
    }

    /// Starts nothing more and cancels what runs, without waiting: for a cache going away.
    func cancelAll() {
        let tasks = state.withLock { state in
            state.closed = true
            return Array(state.tasks.values)
        }
        for task in tasks { task.cancel() }
    }
}
