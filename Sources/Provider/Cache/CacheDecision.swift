import Foundation

/// What the cache does with a request and the entry stored for it under RFC 9111 (§4): the
/// arithmetic only, so every rule is tested without a network.
enum CacheDecision: Sendable, Equatable {
    /// Answer with the entry (fresh, or stale within the request's `max-stale`).
    case useStored
    /// Answer with the stale entry and revalidate it in the background (`stale-while-revalidate`).
    case useStaleAndRevalidate
    /// Send a conditional request with the entry's validators.
    case validate
    /// Send the request as it is.
    case network
    /// The request said `only-if-cached` and nothing stored may answer it.
    case unsatisfiable

    /// The decision for `request` (its `Cache-Control`) given `entry` at `now`.
    static func decide(_ entry: CachedEntry?, request: CacheControl, now: Date) -> CacheDecision {
        guard let entry else { return request.onlyIfCached ? .unsatisfiable : .network }
        let response = entry.control
        let age = entry.age(at: now)
        let mustValidate = request.noCache || response.noCache
        if !mustValidate {
            let fresh = entry.lifetime > age
            var limit = entry.lifetime
            // A reload asks for `max-age=0`; an `immutable` response still fresh needs no check (RFC 8246).
            if let maxAge = request.maxAge, !(response.immutable && fresh) { limit = min(limit, TimeInterval(maxAge)) }
            if limit > age + TimeInterval(request.minFresh ?? 0) { return .useStored }
            // `max-stale` lets a stale answer through, unless the response forbids it (§5.2.2.2).
            if !fresh, let maxStale = request.maxStale, !response.mustRevalidate, request.maxAge == nil,
                age - entry.lifetime <= TimeInterval(maxStale)
            {
                return .useStored
            }
        }
        if request.onlyIfCached { return .unsatisfiable }
        if !mustValidate, !response.mustRevalidate, let window = response.staleWhileRevalidate,
            entry.staleness(at: now) <= TimeInterval(window)
        {
            return .useStaleAndRevalidate
        }
        return entry.hasValidator ? .validate : .network
    }

    /// Whether `entry` may answer at `now` because the server failed (`stale-if-error`, RFC 5861,
    /// from the response or the request), which `must-revalidate` and `no-cache` forbid.
    static func mayServeStaleOnError(_ entry: CachedEntry, request: CacheControl, now: Date) -> Bool {
        let response = entry.control
        guard !response.mustRevalidate, !response.noCache else { return false }
        guard let window = request.staleIfError ?? response.staleIfError else { return false }
        return entry.staleness(at: now) <= TimeInterval(window)
    }
}
