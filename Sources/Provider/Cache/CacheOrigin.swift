import Foundation

/// How a response came from a provider's ``HTTPCache``: read it from ``Response/cacheOrigin``,
/// which is `nil` for an answer that came from the network as it is.
///
/// ```swift
/// let response = try await provider.request(.rank(area: "CN"))
/// if let origin = response.cacheOrigin, origin.isStale {
///     showBanner("Offline: showing results from \(Int(origin.age / 60)) minutes ago")
/// }
/// ```
public struct CacheOrigin: Sendable, Equatable, CustomStringConvertible {
    /// Why the cache answered.
    public enum Kind: Sendable, Equatable {
        /// A stored response answered without the network: fresh, or allowed by the target's
        /// ``CachePolicy`` (``CachePolicy/returnCacheElseLoad``, ``CachePolicy/cacheOnly``).
        case hit
        /// The server confirmed the stored response with a `304 Not Modified`; the app gets the
        /// stored body with the stored status and the headers the `304` updated.
        case revalidated
        /// A stale response inside its `stale-while-revalidate` window, while the cache
        /// revalidates it in the background.
        case staleWhileRevalidate
        /// A stale response inside its `stale-if-error` window, because the server answered with a
        /// `5xx` or could not be reached.
        case staleIfError
        /// The last stored response, however stale, because the network failed after every retry
        /// and the target's policy falls back (``CachePolicy/fallsBackWhenOffline``).
        case offlineFallback
    }

    /// Why the cache answered.
    public let kind: Kind
    /// How old the stored response is, in seconds (its `Age`).
    public let age: TimeInterval
    /// Whether it was past its freshness lifetime when it was served: show it as old data.
    public let isStale: Bool

    /// Creates an origin.
    package init(kind: Kind, age: TimeInterval, isStale: Bool) {
        self.kind = kind
        self.age = age
        self.isStale = isStale
    }

    /// `cache hit`, `revalidated`, `stale-while-revalidate`, `stale-if-error` or `offline fallback`,
    /// and the age; the logger prints it in brackets.
    public var description: String {
        let name =
            switch kind {
            case .hit: isStale ? "cache hit, stale" : "cache hit"
            case .revalidated: "revalidated"
            case .staleWhileRevalidate: "stale-while-revalidate"
            case .staleIfError: "stale-if-error"
            case .offlineFallback: "offline fallback"
            }
        return "\(name), age \(Int(age)) s"
    }
}
