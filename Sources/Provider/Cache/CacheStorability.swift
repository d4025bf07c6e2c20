import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Whether a response may be stored (RFC 9111 §3, as a private cache), and the entry it makes.
enum CacheStorability {
    /// The final statuses RFC 9110 §15 defines and whose caching rules this cache follows: what
    /// `must-understand` asks a cache to understand (§5.2.2.3). `206` and `304` are not among them:
    /// the cache keeps no partial content, and a `304` only refreshes what it keeps.
    static let understoodStatuses: Set<Int> = Set(200...205).union(300...303).union([305, 307, 308])
        .union(400...417).union([421, 422, 426]).union(500...505)

    /// Whether `status` is a final status of a class this cache understands (`2xx` to `5xx`).
    static func isFinal(_ status: Int) -> Bool {
        (200..<600).contains(status)
    }

    /// The entry for `response` to `request`, or `nil` when it may not be stored:
    ///
    /// - the method is not `GET` or `HEAD`; the status is not final (`1xx`, or past `5xx`), or is
    ///   `206` (this cache keeps no ranges) or `304`;
    /// - the response says `must-understand` and its status is not one of ``understoodStatuses``;
    /// - the request says `no-store`, or the response does without a `must-understand` that the
    ///   cache honours (§5.2.2.3: a cache that understands the status ignores `no-store` then);
    /// - the response's `Vary` is `*` (no later request can match it);
    /// - the status is not heuristically cacheable and nothing permits storing it: `max-age`,
    ///   `Expires`, `public` or `private` (this is a private cache). So a `500`, `503` or an unknown
    ///   `599` with `max-age` is stored, and used while fresh, like any answer;
    /// - the request carried credentials and `storesCredentials` is `false`.
    ///
    /// A response to a request with `Authorization` may be stored by a private cache (§3.5 only
    /// binds shared ones); Courier still keeps it out unless the app allows it, and then in that
    /// credential's partition.
    static func entry(
        for response: Response, request: URLRequest, key: CacheKey, storesCredentials: Bool, requestTime: Date,
        responseTime: Date
    ) -> CachedEntry? {
        guard key.method == "GET" || key.method == "HEAD", response.fileURL == nil else { return nil }
        let status = response.statusCode
        guard isFinal(status), status != 206, status != 304 else { return nil }
        if !storesCredentials, !key.partition.isEmpty { return nil }
        if CacheControl(request.value(forHTTPHeaderField: "Cache-Control")).noStore { return nil }
        let fields = response.head.fields
        let control = CacheControl(CachedEntry.value("Cache-Control", in: fields))
        if control.mustUnderstand {
            guard understoodStatuses.contains(status) else { return nil }
        } else if control.noStore {
            return nil
        }
        if !Freshness.heuristicallyCacheable.contains(status), control.maxAge == nil, !control.isPublic,
            !control.isPrivate, CachedEntry.value("Expires", in: fields) == nil
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
