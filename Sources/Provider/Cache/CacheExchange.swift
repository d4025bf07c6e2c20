import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One cacheable request's way through the cache: serving a stored answer, loading a new one
/// (conditionally when there is something to validate), and revalidating in the background.
struct CacheExchange: Sendable {
    let cache: HTTPCache
    /// The provider's transport: it sends the request and adds its cookies.
    let transport: any Transport
    let key: CacheKey
    /// The request as the plugins prepared it, without conditional headers of the cache's own.
    let request: URLRequest
    /// `request` as the transport sends it, its cookies included: what the cache judges (credentials,
    /// `Vary`), never what it sends (``URLRequest/addingCookies(of:)``).
    let judged: URLRequest
    /// The cache's generation when the call began: what it stores is dropped once `removeAll()`
    /// ran since (``HTTPCache/store(_:since:)``).
    let generation: UInt64
    let requestControl: CacheControl

    init(
        cache: HTTPCache, transport: any Transport, key: CacheKey, request: URLRequest, judged: URLRequest,
        generation: UInt64
    ) {
        self.cache = cache
        self.transport = transport
        self.key = key
        self.request = request
        self.judged = judged
        self.generation = generation
        requestControl = CacheControl(request.value(forHTTPHeaderField: "Cache-Control"))
    }

    /// `entry` as the answer, counted as a hit.
    func serve(_ entry: CachedEntry, as kind: CacheOrigin.Kind, now: Date) -> Response {
        cache.count(kind == .staleIfError ? .fallback : .hit)
        return entry.response(to: request, kind: kind, now: now)
    }

    /// Sends the request through `send` (with `stored`'s validators when `validating`, unless the
    /// app set its own), then: a `304` to the cache's conditional request refreshes `stored` and
    /// answers with it; a `5xx` or a network failure answers with `stored` inside its
    /// `stale-if-error` window; any other answer is stored when RFC 9111 allows, and returned.
    func load(
        stored: CachedEntry?, validating: Bool,
        send: (URLRequest) async throws(CourierError) -> (Response, CallTimings?)
    ) async -> (Result<Response, CourierError>, CallTimings?) {
        var sent = request
        var conditional = false
        if validating, let stored, Self.addValidators(of: stored, to: &sent) { conditional = true }
        let requestTime = Date()
        let response: Response
        let timings: CallTimings?
        do throws(CourierError) {
            (response, timings) = try await send(sent)
        } catch {
            let now = Date()
            if Self.isNetworkFailure(error), let stored,
                CacheDecision.mayServeStaleOnError(stored, request: requestControl, now: now)
            {
                return (.success(serve(stored, as: .staleIfError, now: now)), nil)
            }
            return (.failure(error), nil)
        }
        let responseTime = Date()
        if conditional, response.statusCode == 304, isRedirected(response.head) {
            // The validators reached another resource: its `304` says nothing of the stored answer.
            cache.remove(key)
            return await load(stored: nil, validating: false, send: send)
        }
        if conditional, response.statusCode == 304, let stored {
            let updated = stored.updated(
                with: response.head.fields, requestTime: requestTime, responseTime: responseTime)
            if sameCookies { cache.store(updated, since: generation) }
            cache.count(.revalidation)
            return (.success(updated.response(to: request, kind: .revalidated, now: responseTime)), timings)
        }
        if (500..<600).contains(response.statusCode), let stored,
            CacheDecision.mayServeStaleOnError(stored, request: requestControl, now: responseTime)
        {
            return (.success(serve(stored, as: .staleIfError, now: responseTime)), timings)
        }
        cache.count(.miss)
        keep(response, requestTime: requestTime, responseTime: responseTime)
        return (.success(response), timings)
    }

    /// Stores `response` when it may be stored, and otherwise drops what was stored for the key
    /// (a `no-store` answer replaces an older storable one, and so does a redirect).
    private func keep(_ response: Response, requestTime: Date, responseTime: Date) {
        // A server error neither replaces nor drops the last good answer: the offline fallback needs it.
        guard response.statusCode != 304, !CacheStorability.isServerError(response.statusCode) else { return }
        if !isRedirected(response.head), sameCookies,
            let entry = CacheStorability.entry(
                for: response, request: judged, key: key, storesCredentials: cache.storesCredentialedResponses,
                requestTime: requestTime, responseTime: responseTime)
        {
            cache.store(entry, since: generation)
        } else {
            cache.remove(key)
        }
    }

    /// Revalidates `stored` in the background, owned by the cache (``BackgroundRevalidations``):
    /// straight over `transport`, without the plugins, as the request the plugins prepared.
    func revalidateInBackground(_ stored: CachedEntry) {
        let exchange = self
        let transport = self.transport
        cache.background.start(key) { [weak cache] in
            var sent = exchange.request
            let conditional = Self.addValidators(of: stored, to: &sent)
            let requestTime = Date()
            guard let answer = try? await transport.send(TransportRequest(urlRequest: sent)), !Task.isCancelled,
                let cache
            else { return }
            let responseTime = Date()
            if conditional, answer.statusCode == 304 {
                guard !exchange.isRedirected(answer.head), exchange.sameCookies else { return }
                cache.store(
                    stored.updated(with: answer.head.fields, requestTime: requestTime, responseTime: responseTime),
                    since: exchange.generation)
                cache.count(.revalidation)
                return
            }
            let response = Response(
                statusCode: answer.statusCode, data: answer.data, request: exchange.request, head: answer.head)
            if (500..<600).contains(answer.statusCode) { return }
            exchange.keep(response, requestTime: requestTime, responseTime: responseTime)
        }
    }

    /// Whether the transport would still add the cookies the request was judged with. A login or a
    /// logout that completed while the answer was on its way may have changed the cookie it went
    /// out with: that answer may be another session's, and is not stored.
    var sameCookies: Bool {
        request.addingCookies(of: transport).value(forHTTPHeaderField: "Cookie")
            == judged.value(forHTTPHeaderField: "Cookie")
    }

    /// Whether the answer came from another URL than the key's: the transport followed a redirect.
    ///
    /// Such an answer is not stored under the key, whose server may redirect elsewhere tomorrow, and
    /// whose URL it would take on a hit (an open redirect would pin anything under an API's URL);
    /// nor under its own URL, which was asked with the first hop's headers (its `Vary`, its
    /// credentials). The response keeps its own URL. Storing each hop by its own headers needs the
    /// redirect loop above the cache.
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
    static func isNetworkFailure(_ error: CourierError) -> Bool {
        guard case .underlying(let underlying, nil) = error, let urlError = underlying as? URLError else {
            return false
        }
        let offline: Set<URLError.Code> = [
            .notConnectedToInternet, .networkConnectionLost, .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed,
            .timedOut, .internationalRoamingOff, .dataNotAllowed, .callIsActive, .secureConnectionFailed,
        ]
        return offline.contains(urlError.code)
    }
}
