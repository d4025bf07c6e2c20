import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One cacheable hop's way through the cache: serving a stored answer, loading a new one
/// (conditionally when there is something to validate), and revalidating in the background.
struct CacheExchange: Sendable {
    let cache: HTTPCache
    /// What sends below the cache: the content-decoding link, then the hop's transport.
    let transport: @Sendable (TransportRequest) async throws -> TransportResponse
    let key: CacheKey
    /// The request as sent, its cookies included: what the cache judges (credentials, `Vary`),
    /// without conditional headers of the cache's own.
    let request: URLRequest
    /// The cache's generation when the call began: what it stores is dropped once `removeAll()`
    /// ran since (``HTTPCache/store(_:since:)``).
    let generation: UInt64
    /// Whether the cookie storage would still add the cookies the request went out with. A login
    /// or a logout that completed while the answer was on its way may have changed them: that
    /// answer may be another session's, and is not stored.
    let stillSent: @Sendable () -> Bool
    /// Whether a `5xx` that may be stored replaces what is stored: not when the call's policy falls
    /// back to the last good answer on server errors (``CachePolicy/fallsBackOnServerErrors``).
    let storesServerErrors: Bool
    let requestControl: CacheControl

    init(
        cache: HTTPCache, transport: @escaping @Sendable (TransportRequest) async throws -> TransportResponse,
        key: CacheKey, request: URLRequest, generation: UInt64, storesServerErrors: Bool = true,
        stillSent: @escaping @Sendable () -> Bool
    ) {
        self.cache = cache
        self.transport = transport
        self.key = key
        self.request = request
        self.generation = generation
        self.storesServerErrors = storesServerErrors
        self.stillSent = stillSent
        requestControl = CacheControl(request.value(forHTTPHeaderField: "Cache-Control"))
    }

    /// `entry` as the answer, counted as a hit.
    func serve(_ entry: CachedEntry, as kind: CacheOrigin.Kind, now: Date) throws -> HopAnswer {
        cache.count(kind == .staleIfError ? .fallback : .hit)
        return try entry.answer(to: request, kind: kind, now: now)
    }

    /// Sends the request (with `stored`'s validators when `validating`, unless the app set its
    /// own), then: a `304` to the cache's conditional request refreshes `stored` and answers with
    /// it; a `5xx` or a network failure answers with `stored` inside its `stale-if-error` window;
    /// any other answer is stored when RFC 9111 allows, and returned.
    func load(stored: CachedEntry?, validating: Bool) async throws -> HopAnswer {
        var sent = request
        var conditional = false
        if validating, let stored, Self.addValidators(of: stored, to: &sent) { conditional = true }
        let requestTime = Date()
        let answer: TransportResponse
        do {
            answer = try await transport(TransportRequest(urlRequest: sent))
        } catch {
            let now = Date()
            if Self.isNetworkFailure(error), let stored,
                CacheDecision.mayServeStaleOnError(stored, request: requestControl, now: now)
            {
                return try serve(stored, as: .staleIfError, now: now)
            }
            throw error
        }
        let responseTime = Date()
        if conditional, answer.statusCode == 304, isRedirected(answer.head) {
            // The validators reached another resource: its `304` says nothing of the stored answer.
            cache.remove(key)
            return try await load(stored: nil, validating: false)
        }
        if conditional, answer.statusCode == 304, let stored {
            let updated = stored.updated(with: answer.head.fields, requestTime: requestTime, responseTime: responseTime)
            if stillSent() { cache.store(updated, since: generation) }
            cache.count(.revalidation)
            var revalidated = try updated.answer(to: request, kind: .revalidated, now: responseTime)
            revalidated.answer.timings = answer.timings
            return revalidated
        }
        if (500..<600).contains(answer.statusCode), let stored,
            CacheDecision.mayServeStaleOnError(stored, request: requestControl, now: responseTime)
        {
            var stale = try serve(stored, as: .staleIfError, now: responseTime)
            stale.answer.timings = answer.timings
            return stale
        }
        cache.count(.miss)
        keep(answer, requestTime: requestTime, responseTime: responseTime)
        return HopAnswer(answer)
    }

    /// Stores `answer` when it may be stored, and otherwise drops what was stored for the key
    /// (a `no-store` answer replaces an older storable one).
    ///
    /// A server error (`5xx`) replaces the stored answer only when it may be stored itself (the
    /// server gave it a lifetime) and the call's policy does not fall back on server errors;
    /// otherwise it leaves the stored answer as it is, for the offline fallback and `stale-if-error`.
    private func keep(_ answer: TransportResponse, requestTime: Date, responseTime: Date) {
        guard answer.statusCode != 304 else { return }
        let serverError = (500..<600).contains(answer.statusCode)
        if serverError, !storesServerErrors { return }
        let response = Response(statusCode: answer.statusCode, data: answer.data, request: request, head: answer.head)
        if !isRedirected(answer.head), stillSent(),
            let entry = CacheStorability.entry(
                for: response, request: request, key: key, storesCredentials: cache.storesCredentialedResponses,
                requestTime: requestTime, responseTime: responseTime)
        {
            cache.store(entry, since: generation)
        } else if !serverError {
            cache.remove(key)
        }
    }

    /// Revalidates `stored` in the background, owned by the cache (``BackgroundRevalidations``):
    /// through the links below the cache (the transport), as the request was sent, its cookies
    /// included, but for the whole answer (without `Range` and `If-Range`: it is the stored complete
    /// answer that is revalidated); without the plugins.
    func revalidateInBackground(_ stored: CachedEntry) {
        let exchange = self
        cache.background.start(key) { [weak cache] in
            var sent = exchange.request
            sent.setValue(nil, forHTTPHeaderField: "Range")
            sent.setValue(nil, forHTTPHeaderField: "If-Range")
            let conditional = Self.addValidators(of: stored, to: &sent)
            let requestTime = Date()
            guard let answer = try? await exchange.transport(TransportRequest(urlRequest: sent)), !Task.isCancelled,
                let cache
            else { return }
            let responseTime = Date()
            if conditional, answer.statusCode == 304 {
                guard !exchange.isRedirected(answer.head), exchange.stillSent() else { return }
                cache.store(
                    stored.updated(with: answer.head.fields, requestTime: requestTime, responseTime: responseTime),
                    since: exchange.generation)
                cache.count(.revalidation)
                return
            }
            exchange.keep(answer, requestTime: requestTime, responseTime: responseTime)
        }
    }

    /// Whether the answer came from another URL than the key's: a transport of the app's that
    /// follows redirects itself (Courier's do one hop, and the chain stores each hop by its own URL).
    ///
    /// Such an answer is not stored under the key, whose server may redirect elsewhere tomorrow, and
    /// whose URL it would take on a hit (an open redirect would pin anything under an API's URL);
    /// nor under its own URL, which was asked with the first hop's headers (its `Vary`, its
    /// credentials). The response keeps its own URL.
    func isRedirected(_ head: ResponseHead) -> Bool {
        guard let url = head.url else { return false }
        return CacheKey.normalized(url) != key.url
    }

    /// Adds `If-None-Match` (the `ETag`) and `If-Modified-Since` (the `Last-Modified`) of `entry`
    /// to `request`, unless the request has conditional headers of its own; returns whether it did.
    static func addValidators(of entry: CachedEntry, to request: inout URLRequest) -> Bool {
        let own = ["If-None-Match", "If-Modified-Since", "If-Match", "If-Unmodified-Since", "If-Range"]
        guard !own.contains(where: { request.value(forHTTPHeaderField: $0) != nil }) else { return false }
        let etag = entry.value("ETag")
        let lastModified = entry.value("Last-Modified")
        guard etag != nil || lastModified != nil else { return false }
        if let etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        if let lastModified { request.setValue(lastModified, forHTTPHeaderField: "If-Modified-Since") }
        return true
    }

    /// Whether `error` says the network failed (not reachable, lost, refused, timed out), the
    /// failures `stale-if-error` and the offline fallback answer; a cancellation is not one.
    static func isNetworkFailure(_ error: any Error) -> Bool {
        let urlError: URLError
        if let courierError = error as? CourierError {
            guard case .underlying(let underlying, nil) = courierError, let wrapped = underlying as? URLError else {
                return false
            }
            urlError = wrapped
        } else if let bare = error as? URLError {
            urlError = bare
        } else {
            return false
        }
        let offline: Set<URLError.Code> = [
            .notConnectedToInternet, .networkConnectionLost, .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed,
            .timedOut, .internationalRoamingOff, .dataNotAllowed, .callIsActive, .secureConnectionFailed,
        ]
        return offline.contains(urlError.code)
    }
}
