import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Header lookups and edits that give FoundationNetworking's results without its costs.
///
/// On Linux, `URLRequest.setValue(_:forHTTPHeaderField:)` walks the value `Character` by
/// `Character`, capitalizes the name with `String.capitalized` and lowercases every header
/// name already there, and `caseInsensitiveCompare` goes through `NSString`: together more work
/// per header than a stubbed call's own (docs/BENCHMARKS.md). Names here are compared
/// byte by byte when both are ASCII (every real header name) and with `caseInsensitiveCompare`
/// otherwise, so the answers are the same.
package enum HeaderFields {
    /// Whether the header names `first` and `second` are the same, ignoring letter case.
    package static func namesEqual(_ first: String, _ second: String) -> Bool {
        var (first, second) = (first, second)
        let verdict = first.withUTF8 { left in second.withUTF8 { right in asciiVerdict(left, right) } }
        return verdict ?? (first.caseInsensitiveCompare(second) == .orderedSame)
    }

    /// Whether two ASCII names are equal ignoring case; `nil` when either is not ASCII.
    private static func asciiVerdict(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard left.count == right.count else {
            return left.allSatisfy(\.isASCIIByte) && right.allSatisfy(\.isASCIIByte) ? false : nil
        }
        var equal = true
        for (leftByte, rightByte) in zip(left, right) {
            guard leftByte.isASCIIByte, rightByte.isASCIIByte else { return nil }
            equal = equal && ASCII.lowercased(leftByte) == ASCII.lowercased(rightByte)
        }
        return equal
    }

    /// Whether `headers` has a header named `name` in any letter case (an empty value counts).
    package static func contains(_ name: String, in headers: [String: String]?) -> Bool {
        headers?.keys.contains { namesEqual($0, name) } ?? false
    }

    /// Whether `name` is already spelled as FoundationNetworking stores it (`String.capitalized`):
    /// ASCII letters in hyphen-separated words, each word's first letter upper case and the others
    /// lower case. Only such names skip `setValue`; digits and other characters, whose
    /// capitalization rules are Foundation's to apply, do not.
    static func isStoredSpelling(_ name: String) -> Bool {
        var startsWord = true
        for byte in name.utf8 {
            switch byte {
            case UInt8(ascii: "-"):
                guard !startsWord else { return false }
                startsWord = true
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                guard startsWord else { return false }
                startsWord = false
            case UInt8(ascii: "a")...UInt8(ascii: "z"):
                guard !startsWord else { return false }
            default:
                return false
            }
        }
        return !startsWord
    }
}

extension URLRequest {
    /// Sets the header `name` to `value`, first removing the header under every spelling of its
    /// name: `setValue(_:forHTTPHeaderField:)`'s result, without its cost on Linux.
    ///
    /// Unlike `setValue`, every spelling goes (`authorization` and `AUTHORIZATION` alike), so the
    /// request ends with exactly one such header; and a name that is not an HTTP token, or a value
    /// with a control character (CR, LF, NUL…), throws ``InvalidRequestError`` and leaves the
    /// request as it was, where `setValue` would drop the header without a word (and a token
    /// plugin would send the call unauthenticated).
    ///
    /// A name already spelled as Foundation stores it (letters and hyphens, each word capitalized:
    /// `Authorization`, `X-Api-Key`) is set with one dictionary edit; any other goes through
    /// `setValue`, so the stored headers are the same either way. (FoundationNetworking's
    /// `setValue` capitalizes the name through `NSString` and lowercases every header name already
    /// there, which costs more than the rest of a stubbed call; docs/BENCHMARKS.md has the count.)
    ///
    /// ```swift
    /// var request = request
    /// try request.replaceHeaderField("Authorization", value: "Bearer \(token)")
    /// ```
    public mutating func replaceHeaderField(_ name: String, value: String) throws(InvalidRequestError) {
        try RequestSyntax.checkHeader(name: name, value: value)
        var headers = allHTTPHeaderFields
        let spellings = headers?.keys.filter { HeaderFields.namesEqual($0, name) } ?? []
        for spelling in spellings { headers?.removeValue(forKey: spelling) }
        #if canImport(FoundationNetworking)
            if HeaderFields.isStoredSpelling(name) {
                var updated = headers ?? [:]
                updated[name] = value
                allHTTPHeaderFields = updated
                return
            }
        #endif
        if !spellings.isEmpty { allHTTPHeaderFields = headers }
        setValue(value, forHTTPHeaderField: name)
    }
}

extension UInt8 {
    fileprivate var isASCIIByte: Bool { self < 0x80 }
}
