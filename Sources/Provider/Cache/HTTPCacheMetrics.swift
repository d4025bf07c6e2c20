/// What a provider's ``HTTPCache`` has done since it was made, read from ``HTTPCache/metrics``.
public struct HTTPCacheMetrics: Sendable, Equatable, CustomStringConvertible {
    /// Calls answered from a stored response without the network (fresh, `stale-while-revalidate`,
    /// or allowed by the policy).
    public var hits: Int
    /// Cacheable calls that went to the network and got a full answer.
    public var misses: Int
    /// Conditional requests the server answered with `304 Not Modified`.
    public var revalidations: Int
    /// Stale answers served because the network or the server failed (`stale-if-error` and the
    /// offline fallback).
    public var fallbacks: Int
    /// Bytes kept in memory.
    public var memoryBytes: Int
    /// Entries kept in memory.
    public var memoryEntries: Int
    /// Bytes kept on disk (0 without a folder).
    public var diskBytes: Int
    /// Entries kept on disk.
    public var diskEntries: Int

    /// Creates metrics.
    public init(
        hits: Int = 0, misses: Int = 0, revalidations: Int = 0, fallbacks: Int = 0, memoryBytes: Int = 0,
        memoryEntries: Int = 0, diskBytes: Int = 0, diskEntries: Int = 0
    ) {
        self.hits = hits
        self.misses = misses
        self.revalidations = revalidations
        self.fallbacks = fallbacks
        self.memoryBytes = memoryBytes
        self.memoryEntries = memoryEntries
        self.diskBytes = diskBytes
        self.diskEntries = diskEntries
    }

    /// `hits 3, misses 1, revalidations 2, fallbacks 0, memory 2 entries / 4 KB, disk …`.
    public var description: String {
        "hits \(hits), misses \(misses), revalidations \(revalidations), fallbacks \(fallbacks), "
            + "memory \(memoryEntries) entries / \(memoryBytes) B, disk \(diskEntries) entries / \(diskBytes) B"
    }
}
