import Foundation

extension URL {
    /// The URL of `target`: its `baseURL` with its `path` appended, as Moya composes it.
    ///
    /// An empty path leaves the base URL untouched; a leading `/` in the path is fine. A `?` in
    /// the path starts a query, as it would in a URL: `"/rank?area=CN"` is sent as `/rank` with
    /// the query `area=CN` (appended to the base URL's own query, and before any query the task's
    /// parameters add). Parameters belong in the task, where they are encoded for you; this only
    /// keeps a query written into a path from reaching the server as `/rank%3Farea=CN`.
    public init(target: some TargetType) {
        let (path, query) = Self.splittingQuery(from: target.path)
        var url = target.baseURL
        if !path.isEmpty {
            url = url.appendingPathComponent(path.hasPrefix("/") ? String(path.dropFirst()) : String(path))
        }
        if let query, !query.isEmpty, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) {
            let encoded = Self.queryEscaped(query)
            components.percentEncodedQuery = components.percentEncodedQuery.map { "\($0)&\(encoded)" } ?? encoded
            url = components.url ?? url
        }
        self = url
    }

    /// `path` before its first `?`, and what follows it (`nil` without a `?`).
    private static func splittingQuery(from path: String) -> (path: Substring, query: Substring?) {
        guard let mark = path.firstIndex(of: "?") else { return (path[...], nil) }
        return (path[..<mark], path[path.index(after: mark)...])
    }

    /// `query` with every byte a query may not hold percent-encoded; `%` stays, so a query that
    /// is already encoded is sent as written.
    private static func queryEscaped(_ query: Substring) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.insert("%")
        return query.addingPercentEncoding(withAllowedCharacters: allowed) ?? String(query)
    }
}
