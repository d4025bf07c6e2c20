import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The one byte range a request asks of a stored complete response, which the cache answers with a
/// `206` cut from the stored body (RFC 9110 §14, RFC 9111 §3.4).
///
/// Only the simplest case is cut: a `GET` with one satisfiable `bytes` range, of a stored `200`
/// whose body is the representation itself (no `Content-Encoding`), with no `If-Range` or one whose
/// entity tag matches the stored one strongly (§13.1.5). Everything else (several ranges, another
/// unit, a malformed or unsatisfiable range, a date in `If-Range`) gets the whole stored answer,
/// which RFC 9110 §14.2 allows: a server may ignore `Range`.
struct CacheRange: Equatable {
    /// The first and last byte, inclusive.
    let first: Int
    let last: Int

    /// The range `request` asks of `entry`, or `nil` when the whole answer is the one to give.
    static func requested(by request: URLRequest, of entry: CachedEntry) -> CacheRange? {
        guard (request.httpMethod ?? "GET") == "GET", entry.status == 200, !entry.body.isEmpty,
            let field = request.value(forHTTPHeaderField: "Range"), isRepresentation(entry),
            ifRangeMatches(request.value(forHTTPHeaderField: "If-Range"), entry)
        else { return nil }
        return parse(field, length: entry.body.count)
    }

    /// One `bytes` range-spec (`first-last`, `first-`, `-suffix`) within `length` bytes.
    static func parse(_ field: String, length: Int) -> CacheRange? {
        guard let equals = field.firstIndex(of: "="),
            field[..<equals].trimmingCharacters(in: .whitespaces).caseInsensitiveEquals("bytes")
        else { return nil }
        let specs = field[field.index(after: equals)...].split(separator: ",", omittingEmptySubsequences: false)
        guard specs.count == 1 else { return nil }
        let spec = specs[0].trimmingCharacters(in: .whitespaces)
        guard let dash = spec.firstIndex(of: "-") else { return nil }
        let start = String(spec[..<dash])
        let end = String(spec[spec.index(after: dash)...])
        if start.isEmpty {
            // A suffix: the last `end` bytes, or all of them when the body is shorter.
            guard let suffix = number(end), suffix > 0 else { return nil }
            return CacheRange(first: max(0, length - suffix), last: length - 1)
        }
        guard let first = number(start), first < length else { return nil }
        if end.isEmpty { return CacheRange(first: first, last: length - 1) }
        guard let last = number(end), last >= first else { return nil }
        return CacheRange(first: first, last: min(last, length - 1))
    }

    /// `entry` as a `206` of this range: the stored fields with the range's `Content-Range` and
    /// `Content-Length`, and the body cut to it.
    func cut(_ entry: CachedEntry) -> (fields: [HeaderField], body: Data) {
        let length = entry.body.count
        let body = entry.body.subdata(in: (entry.body.startIndex + first)..<(entry.body.startIndex + last + 1))
        var fields = entry.fields.filter {
            !$0.name.caseInsensitiveEquals("Content-Length") && !$0.name.caseInsensitiveEquals("Content-Range")
        }
        fields.append(HeaderField(name: "Content-Range", value: "bytes \(first)-\(last)/\(length)"))
        fields.append(HeaderField(name: "Content-Length", value: String(body.count)))
        return (fields, body)
    }

    /// Whether the stored body is the representation's bytes as the server encoded them: no content
    /// coding, which a transport may have decoded (a range counts the encoded bytes, §14.1.1).
    private static func isRepresentation(_ entry: CachedEntry) -> Bool {
        guard let coding = entry.value("Content-Encoding") else { return true }
        return coding.split(separator: ",").allSatisfy {
            $0.trimmingCharacters(in: .whitespaces).caseInsensitiveEquals("identity")
        }
    }

    /// §13.1.5: no `If-Range`, or a strong entity tag equal to the stored one. A date is not
    /// compared (the whole answer is always right).
    private static func ifRangeMatches(_ ifRange: String?, _ entry: CachedEntry) -> Bool {
        guard let ifRange = ifRange?.trimmingCharacters(in: .whitespaces) else { return true }
        guard ifRange.hasPrefix("\""), let etag = entry.value("ETag")?.trimmingCharacters(in: .whitespaces),
            etag.hasPrefix("\"")
        else { return false }
        return ifRange == etag
    }

    /// A run of digits as a number; `nil` when it is not one or does not fit.
    private static func number(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
            return nil
        }
        return Int(text)
    }
}
