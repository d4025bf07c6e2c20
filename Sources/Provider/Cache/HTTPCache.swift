import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Courier's HTTP cache: RFC 9111 as a private (client) cache does it, the same on every platform
/// and every transport, with the offline fallback apps otherwise write by hand.
///
/// A provider uses one when its options name it (none by default):
///
/// ```swift
/// let caches = try FileManager.default.url(
///     for: .cachesDirectory, in: .userDomainMask, appropriateFor: nil, create: true)
/// let folder = caches.appendingPathComponent("api-cache")   // the user's own, not /tmp
/// var options = ProviderOptions()
/// options.cache = HTTPCache(directory: folder, defaultPolicy: .useProtocol.fallingBackWhenOffline())
/// let provider = Provider<MallAPI>(options: options)
/// ```
///
/// Entries live in memory (least recently used first out) and, when `directory` is given, on disk,
/// one file per entry written 0600 in a folder only the user can write (``folderProblem`` says why
/// a folder was refused), each store within its byte and entry limits. The cache sits below the
/// provider's redirects and cookies: it sees each hop as sent, and stores it by its own URL and
/// headers. Responses to requests that carried `Authorization` or a `Cookie` (the request's own,
/// or one added from the transport's cookie storage) are not stored unless
/// `storesCredentialedResponses` is `true`, and then in a partition of their own per credential.
/// No entry keeps a `Set-Cookie`. Share one cache between
/// providers freely; call ``close()`` to end its background work.
public final class HTTPCache: Sendable {
    /// How calls use the cache when their target does not say (``CachePolicyConfigurable``).
    public let defaultPolicy: CachePolicy
    /// Whether responses to requests with `Authorization` or `Cookie` are stored, each in the
    /// partition of its credentials; `false` by default.
    public let storesCredentialedResponses: Bool

    let memory: MemoryStore
    let disk: DiskStore?
    let background: BackgroundRevalidations
    /// Whether calls over a transport that answers from a test's stubs (CourierTesting's
    /// `StubTransport`) use the cache; `false` unless a test asks, so stubs answer as registered.
    package let coversStubTransports: Bool
    private let counters = LockedState(HTTPCacheMetrics())
    /// How many times ``removeAll()`` ran: a store or a disk read begun before the last one is
    /// dropped. Held while the memory is changed, so a store and a `removeAll()` never interleave.
    private let generations = LockedState<UInt64>(0)

    /// Creates a cache.
    ///
    /// - Parameters:
    ///   - directory: the folder of the disk store, created 0700 if missing and made 0700 if it is
    ///     the user's own; `nil` (the default) keeps entries in memory only, and so does a folder
    ///     that is a symbolic link or another user's (``folderProblem``). Prefer a folder of the app's
    ///     own (Caches, or `XDG_CACHE_HOME`) to one under a shared temporary directory. Caches of
    ///     one process that name the same folder share its store (and the limits of the first one made).
    ///   - memoryByteLimit: the most bytes kept in memory; 10 MiB by default.
    ///   - memoryEntryLimit: the most entries kept in memory; 1,000 by default.
    ///   - diskByteLimit: the most bytes kept on disk; 50 MiB by default.
    ///   - diskEntryLimit: the most files kept on disk; 10,000 by default.
    ///   - storesCredentialedResponses: whether responses to requests with credentials are stored
    ///     (in a partition per credential); `false` by default.
    ///   - defaultPolicy: the policy of targets that name none; ``CachePolicy/useProtocol`` by default.
    ///   - maximumBackgroundRevalidations: how many `stale-while-revalidate` revalidations may run
    ///     at once; 4 by default.
    public convenience init(
        directory: URL? = nil, memoryByteLimit: Int = 10 << 20, memoryEntryLimit: Int = 1_000,
        diskByteLimit: Int = 50 << 20, diskEntryLimit: Int = 10_000, storesCredentialedResponses: Bool = false,
        defaultPolicy: CachePolicy = .useProtocol, maximumBackgroundRevalidations: Int = 4
    ) {
        self.init(
            directory: directory, memoryByteLimit: memoryByteLimit, memoryEntryLimit: memoryEntryLimit,
            diskByteLimit: diskByteLimit, diskEntryLimit: diskEntryLimit,
            storesCredentialedResponses: storesCredentialedResponses, defaultPolicy: defaultPolicy,
            maximumBackgroundRevalidations: maximumBackgroundRevalidations, coversStubTransports: false)
    }

    /// Creates a cache that may also cover calls answered by a test's stubs.
    package init(
        directory: URL?, memoryByteLimit: Int, memoryEntryLimit: Int, diskByteLimit: Int, diskEntryLimit: Int,
        storesCredentialedResponses: Bool, defaultPolicy: CachePolicy, maximumBackgroundRevalidations: Int,
        coversStubTransports: Bool
    ) {
        self.coversStubTransports = coversStubTransports
        memory = MemoryStore(byteLimit: memoryByteLimit, entryLimit: memoryEntryLimit)
        disk = directory.map {
            DiskStore.shared(directory: $0, byteLimit: diskByteLimit, entryLimit: diskEntryLimit)
        }
        background = BackgroundRevalidations(limit: maximumBackgroundRevalidations)
        self.storesCredentialedResponses = storesCredentialedResponses
        self.defaultPolicy = defaultPolicy
    }

    deinit {
        background.cancelAll()
    }

    /// What the cache has done so far, and what it keeps.
    public var metrics: HTTPCacheMetrics {
        var metrics = counters.withLock { $0 }
        (metrics.memoryBytes, metrics.memoryEntries) = memory.totals
        if let disk { (metrics.diskBytes, metrics.diskEntries) = disk.totals }
        return metrics
    }

    /// Why the disk store keeps nothing although the cache was given a folder, or `nil` when it
    /// uses the folder (or was given none). Checked once, on the disk store's queue, before the
    /// folder is first read or written; a refused folder leaves the cache in memory only.
    public var folderProblem: HTTPCacheFolderProblem? {
        get async { await disk?.folderProblem() }
    }

    /// Drops every stored response, in memory and on disk (for a logout). A call that starts
    /// after it returns never sees one of them, and neither does one that was on its way: its
    /// answer is not stored, nor kept in memory when it was being read from disk. The files go on
    /// the disk store's queue, in order.
    public func removeAll() {
        generations.withLock { generation in
            generation &+= 1
            memory.removeAll()
            disk?.removeAll()
        }
    }

    /// Drops every stored response for `url` (its fragment ignored), whatever the method and the
    /// credentials. ``Provider/removeCachedResponses(for:)`` does it for a target.
    public func removeResponses(for url: URL) {
        let key = CacheKey.normalized(url)
        memory.removeAll(url: key)
        disk?.removeAll(url: key)
    }

    /// Ends the cache's background work: no revalidation starts any more, those running are
    /// cancelled, and it returns when they have ended. Calls still use the stored responses.
    public func close() async {
        await background.close()
    }

    /// Returns once every disk write queued so far is done: for tests and for an app about to exit.
    public func flush() async {
        await disk?.flush()
    }

    // MARK: Used by the provider

    /// The generation a call begins in, for ``store(_:since:)``.
    var generation: UInt64 { generations.withLock { $0 } }

    /// The entry stored for `key` that `request` matches (its `Vary` headers): from memory, else
    /// from disk (then kept in memory too), unless ``removeAll()`` ran while the disk was read.
    func lookup(_ key: CacheKey, matching request: URLRequest) async -> CachedEntry? {
        if let entry = memory.entry(for: key) { return entry.matches(request) ? entry : nil }
        let began = generation
        guard let disk, let entry = await disk.read(key) else { return nil }
        let current = generations.withLock { generation in
            guard generation == began else { return false }
            memory.store(entry)
            return true
        }
        return current && entry.matches(request) ? entry : nil
    }

    /// Drops the entry for `key`.
    func remove(_ key: CacheKey) {
        memory.remove(key)
        disk?.remove(key)
    }

    /// Stores `entry` in memory and, when there is a folder, on disk (without waiting), unless
    /// ``removeAll()`` ran since `generation`: an answer to a call begun before a logout is not kept.
    func store(_ entry: CachedEntry, since generation: UInt64) {
        generations.withLock { current in
            guard current == generation else { return }
            memory.store(entry)
            // Queued under the lock: a later `removeAll()` queues its deletion after this write.
            disk?.write(entry)
        }
    }

    /// Drops the entries `response` to an unsafe `request` makes stale (RFC 9111 §4.4): its URL's,
    /// and those of its `Location` and `Content-Location` when they are of the same origin.
    func invalidate(after response: TransportResponse, to request: URLRequest) {
        guard let url = request.url else { return }
        removeResponses(for: url)
        for name in ["Location", "Content-Location"] {
            guard let value = response.value(forHTTPHeaderField: name), let other = URL(string: value, relativeTo: url)
            else { continue }
            let absolute = other.absoluteURL
            guard RedirectPolicy.sameOrigin(absolute, url) else { continue }
            removeResponses(for: absolute)
        }
    }

    /// Counts an outcome in ``metrics``.
    func count(_ outcome: Outcome) {
        counters.withLock { metrics in
            switch outcome {
            case .hit: metrics.hits += 1
            case .miss: metrics.misses += 1
            case .revalidation: metrics.revalidations += 1
            case .fallback: metrics.fallbacks += 1
            }
        }
    }

    /// What ``count(_:)`` counts.
    enum Outcome {
        case hit, miss, revalidation, fallback
    }
}
