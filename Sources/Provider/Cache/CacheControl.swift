import Foundation

/// The directives of a `Cache-Control` field (RFC 9111 §5.2), of a request or a response,
/// as far as a private cache acts on them.
///
/// Unknown directives are ignored (§5.2.3). When a directive comes twice, the first counts. A
/// `delta-seconds` value that is not a number (`max-age=soon`) counts as `0`, which makes the
/// response stale at once, as §4.2.1 advises; one too large is capped at 2³¹ seconds (§1.2.2).
struct CacheControl: Sendable, Equatable {
    /// `no-store`: nothing of the exchange may be stored.
    var noStore = false
    /// `no-cache` (with or without field names): a stored response must be validated before use.
    var noCache = false
    /// `must-revalidate` (or `proxy-revalidate`, which a private cache may treat alike): never
    /// served stale.
    var mustRevalidate = false
    /// `private`: stored by a private cache only, which this one is.
    var isPrivate = false
    /// `public`.
    var isPublic = false
    /// `immutable` (RFC 8246): the body will not change while fresh, so it needs no validation.
    var immutable = false
    /// `must-understand` (response): stored only by a cache that understands the status, which
    /// then ignores `no-store` (§5.2.2.3).
    var mustUnderstand = false
    /// `only-if-cached` (request): answer from the cache or not at all.
    var onlyIfCached = false
    /// `max-age`, in seconds.
    var maxAge: Int?
    /// `max-stale` (request): how stale an answer may be; `Int.max` when it has no value.
    var maxStale: Int?
    /// `min-fresh` (request): how long an answer must still be fresh.
    var minFresh: Int?
    /// `stale-while-revalidate` (RFC 5861): served stale this long while revalidated in the background.
    var staleWhileRevalidate: Int?
    /// `stale-if-error` (RFC 5861): served stale this long when the server fails.
    var staleIfError: Int?

    /// The largest `delta-seconds` a cache has to handle (RFC 9111 §1.2.2).
    static let deltaSecondsLimit = 2_147_483_648

    /// No directives.
    init() {}

    /// The directives of `field` (every line of it joined with commas); none when `nil`.
    init(_ field: String?) {
        guard let field, !field.isEmpty else { return }
        var seen = Set<String>()
        for item in Self.items(of: field) {
            let (name, value) = Self.split(item)
            guard !name.isEmpty, seen.insert(name).inserted else { continue }
            switch name {
            case "no-store": noStore = true
            case "no-cache": noCache = true
            case "must-revalidate", "proxy-revalidate": mustRevalidate = true
            case "private": isPrivate = true
            case "public": isPublic = true
            case "immutable": immutable = true
            case "must-understand": mustUnderstand = true
            case "only-if-cached": onlyIfCached = true
            case "max-age": maxAge = Self.seconds(value)
            case "max-stale": maxStale = value == nil ? Int.max : Self.seconds(value)
            case "min-fresh": minFresh = Self.seconds(value)
            case "stale-while-revalidate": staleWhileRevalidate = Self.seconds(value)
            case "stale-if-error": staleIfError = Self.seconds(value)
            default: break
            }
        }
    }

    /// The comma-separated items of `field`, a comma inside a quoted string not counting.
    private static func items(of field: String) -> [Substring] {
        var items: [Substring] = []
        var start = field.startIndex
        var quoted = false
        var escaped = false
        var index = field.startIndex
        while index < field.endIndex {
            let character = field[index]
            if escaped {
                escaped = false
            } else if quoted && character == "\\" {
                escaped = true
            } else if character == "\"" {
                quoted.toggle()
            } else if character == "," && !quoted {
                items.append(field[start..<index])
                start = field.index(after: index)
            }
            index = field.index(after: index)
        }
        items.append(field[start..<field.endIndex])
        return items
    }

    /// An item's lowercased name and its value, unquoted, if it has one.
    private static func split(_ item: Substring) -> (String, String?) {
        let trimmed = item.trimmingCharacters(in: .whitespaces)
        guard let equals = trimmed.firstIndex(of: "=") else { return (trimmed.lowercased(), nil) }
        let name = trimmed[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
        var value = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
            value = String(value.dropFirst().dropLast())
        }
        return (name, value)
    }

    /// A `delta-seconds` value: `0` when it is not a number, capped at ``deltaSecondsLimit``.
    private static func seconds(_ value: String?) -> Int {
        guard let value, !value.isEmpty, value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return 0 }
        guard value.count <= 10, let number = Int(value) else { return deltaSecondsLimit }
        return min(number, deltaSecondsLimit)
    }
}
