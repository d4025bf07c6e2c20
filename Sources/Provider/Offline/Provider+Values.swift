import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Cached, then fresh: ``values(_:as:)`` and the two reads it is made of, which ``RemoteValue``
/// uses too.
extension Provider {
    /// The values of `target`, decoded as `Value`: the stored answer at once, then the network's.
    ///
    /// ```swift
    /// for try await loaded in provider.values(.feed, as: [Post].self) {
    ///     posts = loaded.value                      // first what is stored, then what is fresh
    ///     isOffline = loaded.networkError != nil    // the network failed: the stored value stays
    /// }
    /// ```
    ///
    /// The stored value is read from the provider's ``HTTPCache`` alone, through the whole
    /// pipeline (the plugins' `prepare`, the cache's judgement of the request as sent, the
    /// envelope) with a transport that refuses to send, so it never waits for the network. Then
    /// the network is asked as the target's ``CachePolicy`` says, and its value decoded as
    /// ``request(_:as:)`` decodes. ``LoadedValues`` lists what ends the sequence. Only `GET` and
    /// `HEAD` answers are stored: for other targets, and without a cache, the sequence is the
    /// network's value alone. In stub mode the stub answers in the network's place (and its
    /// answer is stored as a real one's).
    public func values<Value: Decodable & Sendable>(_ target: Target, as type: Value.Type) -> LoadedValues<Value> {
        let storable = storableRead(of: target)
        var stored: (@Sendable () async -> StoredRead<Value>)?
        if let storable {
            stored = { await self.storedValue(of: target, as: Value.self, storable) }
        }
        return LoadedValues(stored: stored) { afterStored in
            await self.freshValue(
                of: target, as: Value.self, policy: storable?.policy, after: afterStored, revalidating: false)
        }
    }

    /// How `target`'s stored answers are read, when they can be stored and read back (a `GET` or
    /// `HEAD` data call of a provider with a cache); `nil` otherwise.
    func storableRead(of target: Target) -> StorableRead? {
        guard let cache = options.cache else { return nil }
        let endpoint = endpointClosure(target)
        guard endpoint.method == .get || endpoint.method == .head, usesCache(cache, for: endpoint.task) else {
            return nil
        }
        let ownControl = endpoint.httpHeaderFields?.keys.contains {
            $0.caseInsensitiveCompare("Cache-Control") == .orderedSame
        }
        return StorableRead(policy: cachePolicy(for: target, cache: cache), asksOwnCacheControl: ownControl == true)
    }

    /// The stored answer for `target`, decoded: a call answered by the cache alone, whatever the
    /// age of what it stores (``CachePolicy/cacheOnly`` through ``CallChain/answeringFromStorageOnly()``).
    /// A stale answer marked `must-revalidate` is not shown, as the offline fallback never shows it.
    func storedValue<Value: Decodable & Sendable>(of target: Target, as type: Value.Type, _ storable: StorableRead)
        async -> StoredRead<Value>
    {
        let read = CallOptions(cachePolicy: .cacheOnly, storageOnly: true)
        let result = await perform(target, progress: nil, options: read) { (response: Response) throws(CourierError) in
            (try self.decode(Value.self, from: response, target: target), response)
        }
        switch result {
        case .success(let (value, response)):
            guard let origin = response.cacheOrigin else { return .none }
            if origin.isStale, CacheControl(response.value(forHTTPHeaderField: "Cache-Control")).mustRevalidate {
                return .none
            }
            return .value(LoadedValue(value: value, cacheOrigin: origin), isLast: storable.endsWith(origin))
        case .failure(let error):
            return error.isCancelled || Task.isCancelled ? .cancelled : .none
        }
    }

    /// `target`'s value from the network, as `policy` loads it without the offline fallback (the
    /// stored value `after`, when one was given, is the fallback here, with the network's error).
    /// `revalidating` asks the cache and the server for a new answer (`Cache-Control: no-cache`),
    /// as a pull-to-refresh does.
    func freshValue<Value: Decodable & Sendable>(
        of target: Target, as type: Value.Type, policy: CachePolicy?, after stored: LoadedValue<Value>?,
        revalidating: Bool
    ) async -> FreshRead<Value> {
        var load = CallOptions()
        if let policy {
            load.cachePolicy = CachePolicy(policy.source)
            if revalidating { load.headers = [HeaderField(name: "Cache-Control", value: "no-cache")] }
        }
        let started = Date()
        let result = await perform(target, progress: nil, options: load) { (response: Response) throws(CourierError) in
            (try self.decode(Value.self, from: response, target: target), response.cacheOrigin)
        }
        switch result {
        case .success(let (value, origin)):
            // The stored answer again, unchanged: it was given already.
            if stored != nil, let kind = origin?.kind, kind == .hit || kind == .staleWhileRevalidate {
                return .unchanged
            }
            return .value(LoadedValue(value: value, cacheOrigin: origin))
        case .failure(let error):
            guard let stored, !error.isCancelled, Self.isOffline(error, policy: policy) else { return .failure(error) }
            let age = stored.age + max(0, Date().timeIntervalSince(started))
            let origin = CacheOrigin(kind: .offlineFallback, age: age, isStale: true)
            return .value(LoadedValue(value: stored.value, cacheOrigin: origin, networkError: error))
        }
    }

    /// Whether `error` is one the offline fallback answers: the network failed, or a `5xx` when
    /// `policy` falls back on server errors.
    static func isOffline(_ error: CourierError, policy: CachePolicy?) -> Bool {
        if CacheExchange.isNetworkFailure(error) { return true }
        guard policy?.fallsBackOnServerErrors == true, let status = error.response?.statusCode else { return false }
        return (500..<600).contains(status)
    }
}

/// How a target's stored answer is read for ``Provider/values(_:as:)``: worked out once per
/// sequence, from one endpoint. At file scope: nested in the generic `Provider`, its metadata
/// would be looked up at run time.
struct StorableRead: Sendable {
    /// The target's cache policy.
    let policy: CachePolicy
    /// Whether the target's request names a `Cache-Control` of its own.
    let asksOwnCacheControl: Bool

    /// Whether the network would only say again what is stored with `origin`: a fresh answer the
    /// policy would serve as it is (unless the request asks otherwise with a `Cache-Control` of
    /// its own), or a policy that serves any stored answer.
    func endsWith(_ origin: CacheOrigin) -> Bool {
        switch policy.source {
        case .cacheOnly, .returnCacheElseLoad: true
        case .reloadIgnoringCache: false
        case .useProtocol: !origin.isStale && !asksOwnCacheControl
        }
    }
}
