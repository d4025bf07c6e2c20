import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Whether a response may be stored (RFC 9111 §3, as a private cache), and the entry it makes.
enum CacheStorability {
    /// The entry for `response` to `request`, or `nil` when it may not be stored:
    ///
    /// - the method is not `GET` or `HEAD`, or the status is not final, is `206` (this cache keeps
    ///   no ranges), `304`, or a server error other than `501` (RFC 9111 allows storing one with a
    ///   lifetime; like OkHttp, Courier keeps the last good answer instead);
    /// - the request or the response says `no-store`;
    /// - the response's `Vary` is `*` (no later request can match it);
    /// - the status is not heuristically cacheable and nothing gives it a lifetime (`max-age`,
    ///   `Expires`, `public`);
    /// - the request carried credentials and `storesCredentials` is `false`.
    ///
    /// `private` does not stop it: this is a private cache (§5.2.2.7). A response to a request with
    /// `Authorization` may be stored by a private cache (§3.5 only binds shared ones); Courier
    /// still keeps it out unless the app allows it, and then in that credential's partition.
    /// Whether `status` is a `5xx` other than `501` (which is cacheable by default).
    static func isServerError(_ status: Int) -> Bool {
        (500..<600).contains(status) && status != 501
    }

    static func entry(
        for response: Response, request: URLRequest, key: CacheKey, storesCredentials: Bool, requestTime: Date,
        responseTime: Date
    ) -> CachedEntry? {
        guard key.method == "GET" || key.method == "HEAD", response.fileURL == nil else { return nil }
        let status = response.statusCode
        guard status >= 200, status != 206, status != 304, !isServerError(status) else { return nil }
        if !storesCredentials, CacheKey.hasCredentials(request) { return nil }
        if CacheControl(request.value(forHTTPHeaderField: "Cache-Control")).noStore { return nil }
        let fields = response.head.fields
        let control = CacheControl(CachedEntry.value("Cache-Control", in: fields))
        guard !control.noStore else { return nil }
        if !Freshness.heuristicallyCacheable.contains(status), control.maxAge == nil, !control.isPublic,
            CachedEntry.value("Expires", in: fields) == nil
        {
            return nil
        }
        var varyFields: [HeaderField] = []
        if let vary = CachedEntry.value("Vary", in: fields) {
            for name in vary.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty
            {
                if name == "*" { return nil }
                let value = CachedEntry.normalized(request.value(forHTTPHeaderField: name) ?? "")
                varyFields.append(HeaderField(name: name, value: value))
            }
        }
        return CachedEntry(
            key: key, status: status, fields: fields, body: response.data, varyFields: varyFields,
            requestTime: requestTime, responseTime: responseTime)
    }
}
