import Foundation

extension Response {
    /// How long the server asked the client to wait before trying again, in its `Retry-After`
    /// field (RFC 9110 §10.2.3), counted from `now`: whole seconds (`120`), or an HTTP date read as
    /// strictly as the cache reads `Expires` (one of RFC 9110 §5.6.7's three forms, zone `GMT`); a
    /// date already past is `0`. `nil` when the field is missing or is neither (`1.5`, `-3`, or a
    /// date in another zone): such a field asks for no wait anyone can know. A number of seconds
    /// past 2³¹ is capped there, as `Cache-Control`'s are.
    ///
    /// ```swift
    /// if response.statusCode == 503, let wait = response.retryAfter(), wait <= 60 {
    ///     try await Task.sleep(for: .seconds(wait))
    /// }
    /// ```
    public func retryAfter(from now: Date = Date()) -> TimeInterval? {
        guard let field = value(forHTTPHeaderField: "Retry-After") else { return nil }
        let text = field.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            let limit = CacheControl.deltaSecondsLimit
            guard text.utf8.count <= 10, let seconds = Int(text) else { return TimeInterval(limit) }
            return TimeInterval(min(seconds, limit))
        }
        return HTTPDate.parse(text, now: now).map { max(0, $0.timeIntervalSince(now)) }
    }
}
