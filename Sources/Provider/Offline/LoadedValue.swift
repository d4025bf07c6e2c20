/// One value of ``Provider/values(_:as:)``: the decoded payload, where it came from, and, for the
/// last value of an offline load, why the network did not bring a fresher one.
///
/// ```swift
/// for try await loaded in provider.values(.feed, as: [Post].self) {
///     posts = loaded.value
///     banner = loaded.networkError.map { _ in "Offline: showing the feed from \(Int(loaded.age)) s ago" }
/// }
/// ```
public struct LoadedValue<Value: Sendable>: Sendable {
    /// The payload, decoded through the provider's envelope like ``Provider/request(_:as:)``.
    public let value: Value
    /// How the provider's ``HTTPCache`` answered (a stored answer, a revalidation, or the offline
    /// fallback); `nil` when the network answered as it is.
    public let cacheOrigin: CacheOrigin?
    /// Why this stored value is the last one: the network call that was to bring a fresher value
    /// failed (not reachable, refused, lost, timed out; a `5xx` when the target's policy falls back
    /// on server errors). Then ``cacheOrigin`` is ``CacheOrigin/Kind/offlineFallback``. `nil` otherwise.
    public let networkError: CourierError?

    init(value: Value, cacheOrigin: CacheOrigin?, networkError: CourierError? = nil) {
        self.value = value
        self.cacheOrigin = cacheOrigin
        self.networkError = networkError
    }

    /// How old the value is, in seconds: the stored answer's age, `0` for one the network just sent.
    public var age: Double { cacheOrigin?.age ?? 0 }

    /// Whether the value is past its freshness lifetime: show it as old data.
    public var isStale: Bool { cacheOrigin?.isStale ?? false }
}
