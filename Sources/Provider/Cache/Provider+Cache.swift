import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The pipeline's step 3 through the provider's ``HTTPCache``: a stored answer, a revalidation,
/// or the network, as the target's ``CachePolicy`` and RFC 9111 decide; what the network answers
/// is stored when it may be. The answer then goes through validation, the envelope and the plugins
/// like any other.
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

    /// Step 3 through `cache`.
    func sendThroughCache(
        _ cache: HTTPCache, _ request: URLRequest, task: RequestTask, target: Target, progress: ProgressBlock?,
        call: Call
    ) async -> (Result<Response, CourierError>, CallTimings?) {
        let method = request.httpMethod ?? "GET"
        let cacheable = method == "GET" || method == "HEAD"
        // Judged with the cookies the transport adds below the cache: they are credentials too.
        let judged = cacheable ? request.addingCookies(of: transport) : request
        guard cacheable, let key = CacheKey(judged),
            cache.storesCredentialedResponses || !CacheKey.hasCredentials(judged)
        else {
            let sent = await sendOverTransport(request, task: task, progress: progress, call: call)
            if !["GET", "HEAD", "OPTIONS", "TRACE"].contains(method), case .success(let response) = sent.0,
                (200..<400).contains(response.statusCode)
            {
                cache.invalidate(after: response, to: request)
            }
            return sent
        }
        let policy = cachePolicy(for: target, cache: cache)
        call.note(CacheCallNote(key: key, request: request, judged: judged, policy: policy))
        let exchange = CacheExchange(
            cache: cache, transport: transport, key: key, request: request, judged: judged,
            generation: cache.generation)
        let send = { (request: URLRequest) async throws(CourierError) -> (Response, CallTimings?) in
            try await self.send(request, task, progress, call)
        }
        let stored = policy.source == .reloadIgnoringCache ? nil : await cache.lookup(key, matching: judged)
        let now = Date()
        switch policy.source {
        case .cacheOnly, .returnCacheElseLoad:
            if let stored { return (.success(exchange.serve(stored, as: .hit, now: now)), nil) }
            if policy.source == .cacheOnly { return (.failure(.underlying(HTTPCacheMiss(url: key.url), nil)), nil) }
            return await exchange.load(stored: nil, validating: false, send: send)
        case .reloadIgnoringCache:
            return await exchange.load(stored: nil, validating: false, send: send)
        case .useProtocol:
            switch CacheDecision.decide(stored, request: exchange.requestControl, now: now) {
            case .useStored:
                if let stored { return (.success(exchange.serve(stored, as: .hit, now: now)), nil) }
            case .useStaleAndRevalidate:
                if let stored {
                    exchange.revalidateInBackground(stored)
                    return (.success(exchange.serve(stored, as: .staleWhileRevalidate, now: now)), nil)
                }
            case .unsatisfiable:
                return (.failure(.underlying(HTTPCacheMiss(url: key.url), nil)), nil)
            case .validate:
                return await exchange.load(stored: stored, validating: true, send: send)
            case .network:
                break
            }
            return await exchange.load(stored: stored, validating: false, send: send)
        }
    }

    /// The transport's answer to `request`, as step 3 gets it (the error already a ``CourierError``).
    private func send(_ request: URLRequest, _ task: RequestTask, _ progress: ProgressBlock?, _ call: Call)
        async
        throws(CourierError) -> (Response, CallTimings?)
    {
        let (result, timings) = await sendOverTransport(request, task: task, progress: progress, call: call)
        return (try result.get(), timings)
    }

    /// The call's result, or the last stored answer for it when the call failed the way its policy
    /// falls back from (the network after every retry, or a `5xx` when allowed), checked by
    /// `accept` and the target's validation like any answer. A response marked `must-revalidate`
    /// is never shown stale.
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
        guard let entry = await cache.lookup(seen.key, matching: seen.judged), !entry.control.mustRevalidate
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
