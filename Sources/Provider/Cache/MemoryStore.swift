import Foundation

/// The cache's entries in memory: least recently used first out, within a byte limit and an
/// entry limit.
final class MemoryStore: Sendable {
    /// One entry in the recency list.
    // Unchecked: a node is read and written only under the store's lock (`state`).
    private final class Node: @unchecked Sendable {
        var entry: CachedEntry
        var older: Node?
        weak var newer: Node?

        init(_ entry: CachedEntry) {
            self.entry = entry
        }
    }

    /// The entries by key, and the recency list from the newest (`newest`) to the oldest (`oldest`).
    private struct State {
        var nodes: [CacheKey: Node] = [:]
        var newest: Node?
        var oldest: Node?
        var bytes = 0

        mutating func unlink(_ node: Node) {
            if let newer = node.newer { newer.older = node.older } else { newest = node.older }
            if let older = node.older { older.newer = node.newer } else { oldest = node.newer }
            node.older = nil
            node.newer = nil
        }

        mutating func pushNewest(_ node: Node) {
            node.older = newest
            newest?.newer = node
            newest = node
            if oldest == nil { oldest = node }
        }

        mutating func remove(_ key: CacheKey) {
            guard let node = nodes.removeValue(forKey: key) else { return }
            unlink(node)
            bytes -= node.entry.byteCount
        }
    }

    /// The most bytes the entries may weigh together.
    let byteLimit: Int
    /// The most entries kept.
    let entryLimit: Int
    private let state = LockedState(State())

    init(byteLimit: Int, entryLimit: Int) {
        self.byteLimit = max(0, byteLimit)
        self.entryLimit = max(0, entryLimit)
    }

    deinit {
        removeAll()
    }

    /// The entry for `key`, which becomes the most recently used.
    func entry(for key: CacheKey) -> CachedEntry? {
        state.withLock { state in
            guard let node = state.nodes[key] else { return nil }
            if state.newest !== node {
                state.unlink(node)
                state.pushNewest(node)
            }
            return node.entry
        }
    }

    /// Stores `entry` in place of any with its key, then drops the least recently used entries
    /// until both limits hold. An entry larger than the byte limit is not kept.
    func store(_ entry: CachedEntry) {
        state.withLock { state in
            state.remove(entry.key)
            guard entry.byteCount <= byteLimit, entryLimit > 0 else { return }
            let node = Node(entry)
            state.nodes[entry.key] = node
            state.pushNewest(node)
            state.bytes += entry.byteCount
            while state.bytes > byteLimit || state.nodes.count > entryLimit, let oldest = state.oldest {
                state.remove(oldest.entry.key)
            }
        }
    }

    /// Drops the entry for `key`.
    func remove(_ key: CacheKey) {
        state.withLock { $0.remove(key) }
    }

    /// Drops every entry whose URL is `url`, whatever its method and partition.
    func removeAll(url: String) {
        state.withLock { state in
            for key in state.nodes.keys where key.url == url { state.remove(key) }
        }
    }

    /// Drops every entry.
    func removeAll() {
        state.withLock { state in
            // Unlinked one by one, so a long list is not freed by a deep chain of releases.
            while let oldest = state.oldest { state.remove(oldest.entry.key) }
        }
    }

    /// The bytes and the number of entries kept.
    var totals: (bytes: Int, entries: Int) {
        state.withLock { ($0.bytes, $0.nodes.count) }
    }
}
