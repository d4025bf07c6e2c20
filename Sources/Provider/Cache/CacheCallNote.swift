import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the cache saw of a call's last cacheable request, kept in the ``Call`` for the call's end,
/// when the offline fallback looks for the last stored answer (after every retry, so the fallback
/// belongs to the call's final outcome, not to an attempt).
struct CacheCallNote: Sendable {
    let key: CacheKey
    let request: URLRequest
    /// `request` with the cookies its transport adds, as the cache judged it.
    let judged: URLRequest
    let policy: CachePolicy
}
