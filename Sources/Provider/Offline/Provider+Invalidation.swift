import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Invalidation after mutations (``InvalidationConfigurable``), and what a call that succeeds
/// tells the offline-first layer (``OfflineHub``).
extension Provider {
    /// Applies `invalidations` now, as a successful call of a target that declares them does:
    /// drops the stored answers they name from the provider's ``HTTPCache`` and tells the live
    /// values loaded from them (``RemoteValue``) to load again.
    ///
    /// ```swift
    /// feed.invalidate([.tag("feed")])   // a push said the feed changed
    /// ```
    public func invalidate(_ invalidations: [Invalidation<Target>]) {
        apply(invalidations.compactMap(mark))
    }

    /// What a call that succeeded tells the offline-first layer: the URL its target's tags now
    /// cover, what it invalidates (when the server answered it), and, when the network answered
    /// a call that is not an outbox's own, that the network is back.
    @inline(__always)
    func noteSuccess(of target: Target, response: Response, call: Call) {
        let fromNetwork = response.cacheOrigin == nil || response.cacheOrigin?.kind == .revalidated
        if traits.mayInvalidate { noteInvalidatingSuccess(of: target, fromNetwork: fromNetwork, call: call) }
        if fromNetwork, !call.options.isOutboxSend { offline.callSucceeded() }
    }

    /// The tags `target` declares (``InvalidationConfigurable/cacheTags``).
    func cacheTags(of target: Target) -> Set<String> {
        guard traits.mayInvalidate, let configurable = MultiTarget.unwrap(target) as? any InvalidationConfigurable
        else { return [] }
        return configurable.cacheTags
    }

    /// `target`'s URL as the cache keys it (``CacheKey/normalized(_:)``); `nil` when its endpoint
    /// makes no request.
    func cacheURL(of target: Target) -> String? {
        (try? endpointClosure(target).urlRequest().url).flatMap { $0 }.map(CacheKey.normalized)
    }

    private func noteInvalidatingSuccess(of target: Target, fromNetwork: Bool, call: Call) {
        guard let configurable = MultiTarget.unwrap(target) as? any InvalidationConfigurable else { return }
        let tags = configurable.cacheTags
        if !tags.isEmpty, let url = call.cacheNote?.key.url { offline.record(url, under: tags) }
        // A stored answer changed nothing on the server.
        guard fromNetwork else { return }
        let marks = marks(declaredBy: configurable)
        if !marks.isEmpty { apply(marks) }
    }

    /// What `target` invalidates, each as a URL or a tag.
    private func marks<Declaring: InvalidationConfigurable>(declaredBy target: Declaring) -> [StaleMark] {
        target.invalidates.compactMap { invalidation in
            switch invalidation.kind {
            case .tag(let tag): .tag(tag)
            case .target(let other): url(of: other).map(StaleMark.url)
            }
        }
    }

    private func mark(_ invalidation: Invalidation<Target>) -> StaleMark? {
        switch invalidation.kind {
        case .tag(let tag): .tag(tag)
        case .target(let target): cacheURL(of: target).map(StaleMark.url)
        }
    }

    /// The URL of a target a declaration named, through this provider's endpoint closure: the
    /// provider's own target type, or the type a `MultiTarget` provider wraps.
    private func url(of other: any TargetType) -> String? {
        if let own = other as? Target { return cacheURL(of: own) }
        if let wrapped = MultiTarget.target(other) as? Target { return cacheURL(of: wrapped) }
        return nil
    }

    /// Drops the stored answers `marks` name, then tells their live values to load again.
    private func apply(_ marks: [StaleMark]) {
        var urls: Set<String> = []
        var tags: Set<String> = []
        for mark in marks {
            switch mark {
            case .url(let url): urls.insert(url)
            case .tag(let tag): tags.insert(tag)
            }
        }
        if let cache = options.cache {
            for url in urls.union(offline.urls(taggedWithAnyOf: tags)) {
                if let url = URL(string: url) { cache.removeResponses(for: url) }
            }
        }
        offline.refreshLiveValues(urls: urls, tags: tags)
    }
}

/// One invalidation, its target turned into the URL the cache keys. At file scope: nested in the
/// generic `Provider`, its metadata would be looked up at run time.
private enum StaleMark {
    case url(String)
    case tag(String)
}
