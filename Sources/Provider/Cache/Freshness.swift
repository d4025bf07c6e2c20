import Foundation

/// RFC 9111 §4.2's arithmetic: how long a response stays fresh, and how old it already was when
/// it arrived.
enum Freshness {
    /// The statuses a cache may store with a heuristic lifetime (RFC 9110 §15.1); any other needs an
    /// explicit one (`max-age`, `Expires`).
    static let heuristicallyCacheable: Set<Int> = [200, 203, 204, 300, 301, 308, 404, 405, 410, 414, 501]

    /// The share of the time since `Last-Modified` a response with nothing else is fresh for
    /// (§4.2.2 suggests "no more than some fraction"; a tenth is the fraction browsers and OkHttp use).
    static let heuristicFraction = 0.1

    /// The freshness lifetime (§4.2.1), in seconds: `max-age` (a private cache ignores
    /// `s-maxage`), else `Expires` minus `Date` (an `Expires` that is not a date is in the past),
    /// else the heuristic of §4.2.2 when `Last-Modified` is all there is and the status is
    /// heuristically cacheable or the response `public` (§5.2.2.9), else `0`.
    static func lifetime(
        status: Int, control: CacheControl, date: Date, expires: String?, lastModified: Date?
    ) -> TimeInterval {
        if let maxAge = control.maxAge { return TimeInterval(maxAge) }
        if let expires {
            guard let expiry = HTTPDate.parse(expires) else { return 0 }
            return max(0, expiry.timeIntervalSince(date))
        }
        if let lastModified, heuristicallyCacheable.contains(status) || control.isPublic {
            return max(0, date.timeIntervalSince(lastModified) * heuristicFraction)
        }
        return 0
    }

    /// The response's `corrected_initial_age` (§4.2.3): the larger of its apparent age (the
    /// receiving clock minus `Date`, never below zero, so a server clock ahead of ours does not
    /// make it younger) and its `Age` plus the time the exchange took.
    static func initialAge(ageField: String?, date: Date?, requestTime: Date, responseTime: Date) -> TimeInterval {
        let apparentAge = date.map { max(0, responseTime.timeIntervalSince($0)) } ?? 0
        let ageValue = ageField.flatMap(ageSeconds) ?? 0
        let responseDelay = max(0, responseTime.timeIntervalSince(requestTime))
        return max(apparentAge, ageValue + responseDelay)
    }

    /// An `Age` value: non-negative whole seconds, capped as `delta-seconds` are; `nil` when it is
    /// not a number (§5.1: such a field is ignored).
    private static func ageSeconds(_ field: String) -> TimeInterval? {
        let text = field.split(separator: ",").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        guard text.count <= 10, let value = Int(text) else { return TimeInterval(CacheControl.deltaSecondsLimit) }
        return TimeInterval(min(value, CacheControl.deltaSecondsLimit))
    }
}
