import Foundation
import Synchronization

/// What a provider's offline-first layer shares between its calls: the live values views bind to
/// (``RemoteValue``), the URLs seen under each cache tag (``InvalidationConfigurable/cacheTags``),
/// and the outboxes waiting for the network (``Outbox``), woken when another call succeeds.
///
/// A call that ends passes here only when its target takes part in invalidation or an outbox
/// waits (``hasWaiters``, one atomic load): the rest of the provider never touches the lock.
final class OfflineHub: Sendable {
    /// A live value: what it was loaded from, and how it is told to refresh.
    struct LiveValue: Sendable {
        /// Its target's URL, as the cache keys it (``CacheKey/normalized(_:)``); `nil` without one.
        let url: String?
        let tags: Set<String>
        let refresh: @Sendable () -> Void
    }

    private struct State {
        var live: [UInt64: LiveValue] = [:]
        /// The URLs answered under each tag, oldest first, for invalidation by tag.
        var tagged: [String: TaggedURLs] = [:]
        var taggedCount = 0
        var waiters: [UInt64: @Sendable () -> Void] = [:]
        var nextID: UInt64 = 0
    }

    /// The URLs of one tag, in the order they were first answered.
    private struct TaggedURLs {
        var order: [String] = []
        var members: Set<String> = []
    }

    /// The most URLs remembered under all tags together; the oldest of the largest tag goes first.
    static let taggedURLLimit = 4_096

    private let state = LockedState(State())
    private let waiting = Atomic<Bool>(false)

    /// A new identity for a live value or a waiter.
    func makeID() -> UInt64 {
        state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
    }

    // MARK: Live values

    /// Records a live value under `id`, until ``forget(_:)``.
    func register(_ value: LiveValue, id: UInt64) {
        state.withLock { $0.live[id] = value }
    }

    /// Forgets the live value or the waiter `id`.
    func forget(_ id: UInt64) {
        state.withLock { state in
            state.live[id] = nil
            if state.waiters.removeValue(forKey: id) != nil {
                waiting.store(!state.waiters.isEmpty, ordering: .relaxed)
            }
        }
    }

    /// Tells every live value loaded from one of `urls`, or tagged with one of `tags`, to refresh.
    func refreshLiveValues(urls: Set<String>, tags: Set<String>) {
        let refreshes = state.withLock { state in
            state.live.values.filter { value in
                value.url.map(urls.contains) ?? false || !value.tags.isDisjoint(with: tags)
            }.map(\.refresh)
        }
        // Outside the lock: a refresh may register or read.
        for refresh in refreshes { refresh() }
    }

    // MARK: Tags

    /// Notes that `url` was answered under `tags`.
    func record(_ url: String, under tags: Set<String>) {
        state.withLock { state in
            for tag in tags where state.tagged[tag, default: TaggedURLs()].members.insert(url).inserted {
                state.tagged[tag]?.order.append(url)
                state.taggedCount += 1
            }
            while state.taggedCount > Self.taggedURLLimit,
                let tag = state.tagged.max(by: { $0.value.order.count < $1.value.order.count })?.key,
                let oldest = state.tagged[tag]?.order.first
            {
                state.tagged[tag]?.order.removeFirst()
                state.tagged[tag]?.members.remove(oldest)
                if state.tagged[tag]?.order.isEmpty == true { state.tagged[tag] = nil }
                state.taggedCount -= 1
            }
        }
    }

    /// The URLs answered under any of `tags`, and those of the live values tagged so.
    func urls(taggedWithAnyOf tags: Set<String>) -> Set<String> {
        guard !tags.isEmpty else { return [] }
        return state.withLock { state in
            var urls = Set(tags.flatMap { state.tagged[$0]?.order ?? [] })
            for value in state.live.values where !value.tags.isDisjoint(with: tags) {
                if let url = value.url { urls.insert(url) }
            }
            return urls
        }
    }

    // MARK: Outboxes waiting for the network

    /// Whether an outbox waits for the network: one relaxed load, for every call that succeeds.
    var hasWaiters: Bool { waiting.load(ordering: .relaxed) }

    /// Calls `wake` whenever a call of the provider succeeds, until ``forget(_:)``.
    func wake(_ wake: @escaping @Sendable () -> Void, id: UInt64) {
        state.withLock { state in
            state.waiters[id] = wake
            waiting.store(true, ordering: .relaxed)
        }
    }

    /// A call of the provider succeeded with an answer from the network: the network is back.
    func callSucceeded() {
        guard hasWaiters else { return }
        let wakes = state.withLock { Array($0.waiters.values) }
        for wake in wakes { wake() }
    }
}
