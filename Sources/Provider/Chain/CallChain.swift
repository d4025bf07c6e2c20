import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The links a call passes below the plugins: 4 to 9 of the chain, composed here once for data,
/// upload, download and stream calls. A request goes down them in this order, and its answer
/// comes back up (docs/ARCHITECTURE.md numbers them the same way; scripts/check-code-map
/// compares the two lists):
///
/// ```
/// 1. call deadline           above the chain: Deadline.swift, around all the attempts
/// 2. retries, token refresh  above the chain: Provider+Pipeline.swift (attempts)
/// 3. plugin hooks            above the chain: Provider+Pipeline.swift (sendAttempt, receive)
/// 4. in-flight sharing       data calls only: identical ones in flight share everything below (InflightRegistry)
/// 5. redirects               one loop, RedirectPolicy decides; a redirect's body never goes up (RedirectLoop)
/// 6. cookies                 per hop, by Courier's rules: Cookie added, Set-Cookie stored, one storage (HopCookies)
/// 7. HTTP cache              per hop, data calls only: the request as sent, stored by its own URL (CacheUse)
/// 8. content decoding        per hop, on a route with a decoding rule: data, files, streams (ContentDecodingLink)
/// 9. transport: one hop      stub, URLSession or native HTTP/1.1 (RoutingTransport picks per hop)
/// ```
///
/// The redirect rules, the cookie storage and the decoding rule are the transport's
/// (``HopSettingsTransport``), found through any wrapper (``Transport/underlyingTransport``): its
/// options as it was made, or the defaults (follow up to 16 redirects, no cookies, bodies kept as
/// returned) for an app's own transport. The public-key pins are the provider's and the
/// transport's: a hop to a pinned host goes only where they are checked. A stubbed call runs the
/// same links down to a ``SampleTransport`` in the transport's place (``answering(with:)``), which
/// follows no redirect, decodes nothing, and gets the storage's cookies only when the cache judges
/// its hop by them.
package struct CallChain: Sendable {
    /// The transport every hop goes to.
    private(set) var transport: any Transport
    /// The transport's settings, when it states them, or those of the transport it wraps.
    private let settings: (any HopSettingsTransport)?
    /// Whether `settings` are those of a transport `transport` wraps: every hop is then sent
    /// through the wrapper, whichever route its settings pick.
    private let isWrapped: Bool
    /// The provider's pins.
    private let pins: PublicKeyPins
    /// The one redirect loop.
    private(set) var redirects: RedirectLoop
    /// Where identical calls in flight meet, when the provider shares them.
    private(set) var inflights: InflightRegistry?
    /// Whether a hop's stored cookies may go over plain HTTP to a host other than loopback
    /// (`ProviderOptions.allowsCredentialsOverPlainHTTP`); when not, such a hop fails with
    /// ``InsecureCredentialsError`` before anything is sent (``HopCookies/refusal(for:in:)``).
    var allowsCookiesOverPlainHTTP = true
    /// Whether a stand-in answers in the transport's place: a stub (``answering(with:)``), or the
    /// refusal of a call answered from the cache alone (``answeringFromStorageOnly()``).
    private(set) var isStubbed = false
    /// Whether the transport reads the requests it is sent; a stub answers without looking at
    /// them, so the storage's cookies are added to its hop only when the cache will judge the hop
    /// by them (the in-flight key adds them itself). Storing what a stub's answer sets is the same.
    private var transportReadsRequests: Bool { !isStubbed }

    /// The chain down to `transport`, without in-flight sharing; `pins` are checked on every hop.
    package init(transport: any Transport, pins: PublicKeyPins = .none) {
        self.init(transport: transport, inflights: nil, pins: pins)
    }

    /// The chain down to `transport`; `inflights` shares identical data calls in flight, and
    /// `pins` are checked on every hop.
    init(transport: any Transport, inflights: InflightRegistry?, pins: PublicKeyPins) {
        self.transport = transport
        var base: any Transport = transport
        var depth = 0
        // A wrapper's own settings come first; a chain of wrappers is followed a few levels deep.
        while !(base is any HopSettingsTransport), let inner = base.underlyingTransport, depth < 8 {
            base = inner
            depth += 1
        }
        settings = base as? any HopSettingsTransport
        isWrapped = depth > 0
        redirects = RedirectLoop(rules: settings?.redirectRules ?? .standard)
        self.inflights = inflights
        self.pins = pins
    }

    /// The same chain with `stub` in the transport's place, for one stubbed call: the same in-flight
    /// registry and the same cookie storage (the provider's transport's, so a stubbed answer's
    /// cookies are stored exactly when a real one's would be, and in-flight sharing and the cache
    /// judge the call by the storage's cookies), and the stub's redirect rules (follow none).
    func answering(with stub: SampleTransport) -> CallChain {
        var chain = self
        chain.transport = stub
        chain.redirects = RedirectLoop(rules: SampleTransport.redirectRules)
        chain.isStubbed = true
        return chain
    }

    /// The same chain for a call answered from the cache alone (``CallOptions/storageOnly``): a
    /// ``StorageOnlyTransport`` in the transport's place fails every hop the cache does not answer
    /// with ``HTTPCacheMiss``, so nothing reaches the network, and no identical call in flight is
    /// joined (it may be waiting for the network). The cookie storage and the redirect rules stay
    /// the transport's: the cache judges each hop as it judges a real call's.
    func answeringFromStorageOnly() -> CallChain {
        var chain = self
        chain.transport = StorageOnlyTransport()
        chain.isStubbed = true
        chain.inflights = nil
        return chain
    }

    /// Sends `request` down the whole chain (without a cache) and returns the final answer: what
    /// a provider's transport call gets, for tests that send a request without a target.
    package func send(_ request: TransportRequest) async throws -> TransportResponse {
        try await exchange(request, cache: nil).answer
    }

    /// Links 4 to 9 for a data, upload or download call: the final answer of `request`, through
    /// `cache` when the call uses one.
    @inline(__always)
    func exchange(_ request: TransportRequest, cache: CacheUse?) async throws -> HopAnswer {
        guard let inflights, request.kind.isData else { return try await followingRedirects(request, cache: cache) }
        // Judged as the first hop is sent: the cookies of the storage make a call another user's.
        let sent = HopCookies.adding(from: cookieStorage(for: request.urlRequest), to: request.urlRequest)
        return try await inflights.share(InflightRegistry.Key(sent)) {
            try await followingRedirects(request, cache: cache)
        }
    }

    /// Links 5 to 9 for a data, upload or download call. Inlined, as ``withCookies(_:adding:send:)`` and
    /// ``RedirectLoop/follow(_:send:)`` are: each is one step of every call, and an async function
    /// that is not inlined costs a frame of its own.
    @inline(__always)
    private func followingRedirects(_ request: TransportRequest, cache: CacheUse?) async throws -> HopAnswer {
        try await redirects.follow(request) { hop in
            let (hop, route) = try route(hop)
            return try await withCookies(hop, in: route.cookieStorage, adding: transportReadsRequests || cache != nil) {
                sent in
                guard let cache, sent.kind.isData else {
                    return HopAnswer(
                        try await ContentDecodingLink.send(sent, over: route.transport, rule: route.contentDecoding))
                }
                return try await cache.send(sent, unjarred: hop.urlRequest) { request in
                    try await ContentDecodingLink.send(request, over: route.transport, rule: route.contentDecoding)
                } stillSent: {
                    HopCookies.adding(from: route.cookieStorage, to: hop.urlRequest)
                        .value(forHTTPHeaderField: "Cookie") == sent.urlRequest.value(forHTTPHeaderField: "Cookie")
                }
            }
        }
    }

    /// Links 5, 6, 8 and 9 for a streaming call: each hop's body opened by `session`; the final one kept.
    /// A stream goes past the cache: its body is read as it arrives, never stored.
    func stream(_ request: TransportRequest, session: StreamSession) async throws -> TransportResponse {
        let final = try await streamHops(request) { sent, route in
            try await session.openHop(sent, over: route.transport, decoding: route.contentDecoding)
        }
        return try await session.keep(final.answer, body: final.body)
    }

    /// Links 5, 6, 8 and 9 for a stream without a provider (tests): the final head and its body.
    package func stream(_ request: TransportRequest) async throws -> (head: TransportResponse, body: StreamedBody) {
        let final = try await streamHops(request) { sent, route in
            let body = StreamedBody()
            let answer = try await ContentDecodingLink.stream(
                sent, overAny: route.transport, into: body, rule: route.contentDecoding)
            return StreamHop(answer: answer, body: body)
        }
        return (final.answer, final.body)
    }

    /// The hops of a stream, each opened by `open` on its route with its cookies; a redirect's
    /// body dropped.
    private func streamHops(
        _ request: TransportRequest, open: (TransportRequest, HopRoute) async throws -> StreamHop
    ) async throws -> StreamHop {
        try await redirects.follow(request) { hop in
            let (hop, route) = try route(hop)
            return try await withCookies(hop, in: route.cookieStorage, adding: transportReadsRequests) { sent in
                try await open(sent, route)
            }
        }
    }

    /// Link 6 around one hop: `hop` sent by `send` with `storage`'s cookies added (when `adding`:
    /// someone below reads them), and the cookies its answer sets stored (a stored answer sets
    /// none: the cache keeps no `Set-Cookie`). A hop that would carry stored cookies in clear to
    /// another machine fails first, when the provider refuses credentials over plain HTTP.
    @inline(__always)
    private func withCookies<Hop: ChainHop>(
        _ hop: TransportRequest, in storage: HTTPCookieStorage?, adding: Bool,
        send: (TransportRequest) async throws -> Hop
    ) async throws -> Hop {
        guard let storage else { return try await send(hop) }
        if !allowsCookiesOverPlainHTTP, let refusal = HopCookies.refusal(for: hop.urlRequest, in: storage) {
            throw refusal
        }
        var sent = hop
        if adding { sent.urlRequest = HopCookies.adding(from: storage, to: hop.urlRequest) }
        let answer = try await send(sent)
        await HopCookies.store(answer.answer.head, for: hop.urlRequest, in: storage)
        return answer
    }

    /// Where `hop` goes, decided once for the links below the redirects: the transport's route
    /// (`RoutingTransport` picks its native or URLSession transport), or an app's transport with no
    /// cookies and no decoding. A stub answers with the transport's cookie storage and no decoding:
    /// its sample is never encoded. The hop comes back with its host spelled one way (``HostName``)
    /// and, for a pinned host, the pins it must be checked against.
    ///
    /// - Throws: ``TransportError/pinnedHostUnverifiable(host:)`` for a hop to a pinned host that
    ///   would go over plain `http://` or through a transport that cannot check pins.
    private func route(_ hop: TransportRequest) throws -> (TransportRequest, HopRoute) {
        var hop = hop
        if let url = hop.urlRequest.url {
            let spelled = HostName.normalizingHost(of: url)
            if spelled != url { hop.urlRequest.url = spelled }
        }
        let required = requiredPins(of: hop)
        hop.pinnedPublicKeys = required.provider
        var route: HopRoute
        if let settings {
            if isStubbed {
                // A stub connects nowhere: there is no connection for pins to check.
                route = HopRoute(
                    transport: transport, cookieStorage: settings.cookieStorage(for: hop.urlRequest),
                    contentDecoding: nil, checksPins: true)
            } else {
                route = settings.hopRoute(for: hop)
            }
        } else {
            route = HopRoute(transport: transport, cookieStorage: nil, contentDecoding: nil, checksPins: isStubbed)
        }
        if isWrapped { route.transport = transport }
        if required.pinned, let host = hop.urlRequest.url?.host(percentEncoded: true) {
            let secure = hop.urlRequest.url?.scheme?.lowercased() == "https"
            guard secure || isStubbed, route.checksPins else {
                throw TransportError.pinnedHostUnverifiable(host: HostName.canonical(host))
            }
        }
        return (hop, route)
    }

    /// The provider's pins for `hop`'s host, and whether the host is pinned at all (by the
    /// provider, or by the transport's own options).
    private func requiredPins(of hop: TransportRequest) -> (provider: Set<String>?, pinned: Bool) {
        guard let host = hop.urlRequest.url?.host(percentEncoded: true) else { return (nil, false) }
        let provider = pins.pins(for: host)
        return (provider, provider != nil || settings?.configuredPins(for: host) != nil)
    }

    private func cookieStorage(for request: URLRequest) -> HTTPCookieStorage? {
        settings?.cookieStorage(for: request)
    }
}
