import CourierTransport

/// The `Set-Cookie` fields of an answer, one cookie each. A transport that hands fields over one
/// by one (the native one) gives them as they came; `HTTPURLResponse` (URLSession's route) joins
/// repeated fields with `, `, which a date in `Expires` also holds, so a joined value is split
/// only at a comma that a cookie's `name=` follows: `a=1; Expires=Wed, 09 Jun 2021 10:18:14 GMT,
/// b=2` is two cookies. The same split applies to every route, so both read an answer alike.
enum SetCookieLines {
    /// The `Set-Cookie` fields of `head`, one cookie each; none when it sets none.
    static func of(_ head: ResponseHead) -> [String] {
        guard head.value(forHTTPHeaderField: "Set-Cookie") != nil else { return [] }
        return head.fields.filter { $0.name.caseInsensitiveEquals("Set-Cookie") }.flatMap { split($0.value) }
    }

    /// `value` split at each comma followed (after spaces) by a name and `=` before any `;` or
    /// `,`; empty pieces dropped.
    static func split(_ value: String) -> [String] {
        let bytes = Array(value.utf8)
        var pieces: [String] = []
        var start = 0
        for index in bytes.indices where bytes[index] == UInt8(ascii: ",") && startsCookie(bytes, at: index + 1) {
            pieces.append(String(decoding: bytes[start..<index], as: UTF8.self))
            start = index + 1
        }
        pieces.append(String(decoding: bytes[start...], as: UTF8.self))
        return pieces.filter { !$0.allSatisfy { $0 == " " || $0 == "\t" } }
    }

    /// Whether `bytes` from `index` read as the start of a cookie: spaces, then a name without
    /// spaces, then `=`.
    private static func startsCookie(_ bytes: [UInt8], at index: Int) -> Bool {
        var index = index
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
            index += 1
        }
        let nameStart = index
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "="): return index > nameStart
            case UInt8(ascii: ";"), UInt8(ascii: ","), UInt8(ascii: " "), UInt8(ascii: "\t"): return false
            default: index += 1
            }
        }
        return false
    }
}
