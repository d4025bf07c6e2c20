import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The chain's cache link for one call (``CallChain``): each hop through the provider's
/// ``HTTPCache``, below redirects and cookies, so the cache sees the request as sent (its cookies
/// included) and stores each hop by its own URL and headers. A stored answer, a revalidation, or
/// the transport, as the target's ``CachePolicy`` and RFC 9111 decide.
struct CacheUse: Sendable {
    let cache: HTTPCache
    /// The call's policy: its target's, else the cache's default.
    let policy: CachePolicy
    /// The call, which notes its cacheable requests for the offline fallback at its end.
    let call: Call?
    /// The app's own credential header names (``ProviderOptions/credentialHeaderNames``), lowercased.
    var credentials: Set<String> = []

    /// One hop: `request` as sent (cookies included), `unjarred` the same before the chain added
    /// the storage's cookies. `transport` sends below the cache; `stillSent` says whether the
    /// cookies sent are still those the storage would add (see ``CacheExchange/stillSent``).
    func send(
        _ request: TransportRequest, unjarred: URLRequest,
        transport: @escaping @Sendable (TransportRequest) async throws -> TransportResponse,
        stillSent: @escaping @Sendable () -> Bool
    ) async throws -> HopAnswer {
        let sent = request.urlRequest
        let method = sent.httpMethod ?? "GET"
        guard method == "GET" || method == "HEAD", let key = CacheKey(sent, credentials: credentials),
            cache.storesCredentialedResponses || key.partition.isEmpty
        else {
            let answer = try await transport(request)
            if !["GET", "HEAD", "OPTIONS", "TRACE"].contains(method), (200..<400).contains(answer.statusCode) {
                cache.invalidate(after: answer, to: sent)
            }
            return HopAnswer(answer)
        }
        call?.note(CacheCallNote(key: key, request: unjarred, judged: sent, policy: policy))
        let exchange = CacheExchange(
            cache: cache, transport: transport, key: key, request: sent, generation: cache.generation,
            storesServerErrors: !policy.fallsBackOnServerErrors, stillSent: stillSent)
        let stored = policy.source == .reloadIgnoringCache ? nil : await cache.lookup(key, matching: sent)
        let now = Date()
        switch policy.source {
        case .cacheOnly, .returnCacheElseLoad:
            if let stored { return try exchange.serve(stored, as: .hit, now: now) }
            if policy.source == .cacheOnly { throw HTTPCacheMiss(url: key.url) }
            return try await exchange.load(stored: nil, validating: false)
        case .reloadIgnoringCache:
            return try await exchange.load(stored: nil, validating: false)
        case .useProtocol:
            switch CacheDecision.decide(stored, request: exchange.requestControl, now: now) {
            case .useStored:
                if let stored { return try exchange.serve(stored, as: .hit, now: now) }
            case .useStaleAndRevalidate:
                if let stored {
                    exchange.revalidateInBackground(stored)
                    return try exchange.serve(stored, as: .staleWhileRevalidate, now: now)
                }
            case .unsatisfiable:
                throw HTTPCacheMiss(url: key.url)
            case .validate:
                return try await exchange.load(stored: stored, validating: true)
            case .network:
                break
            }
            return try await exchange.load(stored: stored, validating: false)
        }
    }
}
