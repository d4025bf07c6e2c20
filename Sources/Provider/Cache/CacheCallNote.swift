import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the cache saw of a call's last cacheable request, kept for the call's end, when the
/// offline fallback looks for the last stored answer (after every retry, so the fallback belongs to
/// the call's final outcome, not to an attempt).
final class CacheCallNote: Sendable {
    /// The note of the call the current task runs, when its provider has a cache.
    @TaskLocal static var current: CacheCallNote?

    /// A cacheable request and the policy it ran with.
    struct Seen: Sendable {
        let key: CacheKey
        let request: URLRequest
        /// `request` with the cookies its transport adds, as the cache judged it.
        let judged: URLRequest
        let policy: CachePolicy
    }

    private let seen = LockedState<Seen?>(nil)

    /// Notes the request an attempt sends.
    func record(_ key: CacheKey, request: URLRequest, judged: URLRequest, policy: CachePolicy) {
        let value = Seen(key: key, request: request, judged: judged, policy: policy)
        seen.withLock { $0 = value }
    }

    /// The last request noted, if any.
    var last: Seen? { seen.withLock { $0 } }
}
