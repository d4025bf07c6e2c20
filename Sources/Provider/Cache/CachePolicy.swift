import Foundation

/// How a call uses the provider's ``HTTPCache``: the cache's ``HTTPCache/defaultPolicy``, or a
/// target's own through ``CachePolicyConfigurable``.
///
/// ```swift
/// extension MallAPI: CachePolicyConfigurable {
///     var cachePolicy: CachePolicy? {
///         switch self {
///         case .goods: .useProtocol.fallingBackWhenOffline()   // show the last page offline
///         case .cart: .reloadIgnoringCache                     // always from the server
///         default: nil                                         // the cache's default
///         }
///     }
/// }
/// ```
public struct CachePolicy: Sendable, Equatable {
    /// Where an answer may come from.
    public enum Source: Sendable, Equatable {
        /// RFC 9111: a fresh stored answer, else a revalidation or a new request, as the response's
        /// and the request's `Cache-Control` say.
        case useProtocol
        /// Always the network; the answer is stored for later calls (a pull-to-refresh).
        case reloadIgnoringCache
        /// A stored answer however old, else the network.
        case returnCacheElseLoad
        /// A stored answer however old, else the call fails with ``HTTPCacheMiss``; never the network.
        case cacheOnly
    }

    /// Where an answer may come from.
    public var source: Source
    /// Whether a call whose network failed (not reachable, lost, timed out), after every retry,
    /// answers with the last stored response however stale, marked
    /// ``CacheOrigin/Kind/offlineFallback``.
    public var fallsBackWhenOffline: Bool
    /// Whether a `5xx` answer, after every retry, falls back the same way. Such a call keeps the
    /// last good answer for it: a `5xx` never replaces it, even one the server gave a lifetime.
    public var fallsBackOnServerErrors: Bool

    /// Creates a policy.
    public init(
        _ source: Source = .useProtocol, fallsBackWhenOffline: Bool = false, fallsBackOnServerErrors: Bool = false
    ) {
        self.source = source
        self.fallsBackWhenOffline = fallsBackWhenOffline
        self.fallsBackOnServerErrors = fallsBackOnServerErrors
    }

    /// RFC 9111, with no fallback: the default.
    public static let useProtocol = CachePolicy(.useProtocol)
    /// Always the network, storing the answer.
    public static let reloadIgnoringCache = CachePolicy(.reloadIgnoringCache)
    /// A stored answer however old, else the network.
    public static let returnCacheElseLoad = CachePolicy(.returnCacheElseLoad)
    /// A stored answer only: for an offline mode.
    public static let cacheOnly = CachePolicy(.cacheOnly)

    /// The same policy, falling back to the last stored answer when the network fails and, when
    /// `onServerErrors` is `true`, when the server answers with a `5xx`.
    public func fallingBackWhenOffline(onServerErrors: Bool = false) -> CachePolicy {
        CachePolicy(source, fallsBackWhenOffline: true, fallsBackOnServerErrors: onServerErrors)
    }
}

/// A target that chooses how its calls use the provider's ``HTTPCache``, the way
/// `TimeoutConfigurable` chooses a time limit.
public protocol CachePolicyConfigurable: TargetType {
    /// The policy of this target's calls; `nil` for the cache's ``HTTPCache/defaultPolicy``.
    var cachePolicy: CachePolicy? { get }
}

/// A call with ``CachePolicy/cacheOnly`` (or a request's `Cache-Control: only-if-cached`) found no
/// stored answer it could use; the network was not asked.
public struct HTTPCacheMiss: Error, Sendable, Equatable, LocalizedError {
    /// The URL that has no usable stored answer.
    public let url: String

    /// Creates the error.
    public init(url: String) {
        self.url = url
    }

    /// What went wrong, in a sentence.
    public var errorDescription: String? {
        "No usable cached response for \(url), and the call may only be answered from the cache."
    }
}
