import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The provider's side of its ``HTTPCache``: which calls use it and by which policy (the cache
/// link itself, below redirects and cookies, is ``CacheUse``), the offline fallback at a call's
/// end, and dropping a target's stored answers.
extension Provider {
    /// Drops the responses the provider's cache keeps for `target`'s URL, whatever the method and
    /// credentials; nothing when the provider has no cache or the target has no URL.
    public func removeCachedResponses(for target: Target) {
        guard let cache = options.cache, let url = try? endpointClosure(target).urlRequest().url else { return }
        cache.removeResponses(for: url)
    }

    /// Whether a call of `task` through `transport` goes through `cache`: uploads and downloads do
    /// not, and neither do the answers of a test's stubs unless the cache is made to cover them.
    func usesCache(_ cache: HTTPCache, for task: RequestTask) -> Bool {
        switch task {
        case .uploadFile, .uploadMultipart, .uploadCompositeMultipart, .downloadDestination, .downloadParameters:
            return false
        default:
            return cache.coversStubTransports || !(transport is any StubAnsweringTransport)
        }
    }

    /// The policy of `target`'s calls: its own, else the cache's default.
    func cachePolicy(for target: Target, cache: HTTPCache) -> CachePolicy {
        guard traits.mayHaveCachePolicy,
            let own = (MultiTarget.unwrap(target) as? any CachePolicyConfigurable)?.cachePolicy
        else { return cache.defaultPolicy }
        return own
    }

    /// The cache link of a call of `target` with `task` (``CallChain``), or `nil` when the
    /// provider has no cache or the call does not use it. The policy is the target's, unless the
    /// call names its own (``CallOptions/cachePolicy``: the offline-first layer's).
    func cacheUse(for target: Target, task: RequestTask, call: Call) -> CacheUse? {
        guard let cache = options.cache, usesCache(cache, for: task) else { return nil }
        return CacheUse(
            cache: cache, policy: call.options.cachePolicy ?? cachePolicy(for: target, cache: cache), call: call,
            credentials: options.credentialNames)
    }

    /// The call's result, or the last stored answer for it when the call failed the way its policy
    /// falls back from (the network after every retry, or a `5xx` when allowed), checked by
    /// `accept` and the target's validation like any answer. A response marked `must-revalidate`
    /// is never shown stale, and a stored `5xx` is no fallback.
    func offlineFallback(
        _ result: Result<Response, CourierError>, note seen: CacheCallNote, cache: HTTPCache, target: Target,
        accept: (Response) throws(CourierError) -> Void
    ) async -> Result<Response, CourierError> {
        guard seen.policy.fallsBackWhenOffline else { return result }
        switch result {
        case .success(let response):
            guard seen.policy.fallsBackOnServerErrors, response.cacheOrigin == nil,
                (500..<600).contains(response.statusCode)
            else { return result }
        case .failure(let error):
            let serverError = error.response.map { (500..<600).contains($0.statusCode) } ?? false
            guard CacheExchange.isNetworkFailure(error) || (seen.policy.fallsBackOnServerErrors && serverError)
            else { return result }
        }
        guard let entry = await cache.lookup(seen.key, matching: seen.judged), !entry.control.mustRevalidate,
            !(500..<600).contains(entry.status)
        else { return result }
        let response = entry.response(to: seen.request, kind: .offlineFallback, now: Date())
        guard case .success(let checked) = classify(response, target: target) else { return result }
        do throws(CourierError) {
            try accept(checked)
        } catch {
            return result
        }
        cache.count(.fallback)
        return .success(checked)
    }
}
