import Foundation

extension URL {
    /// `URL(target: target).absoluteString`, without making that URL when the result is plain.
    ///
    /// `appendingPathComponent` parses and re-encodes the whole URL (some 15,000 instructions),
    /// and the endpoint keeps only the text, which `Endpoint.urlRequest()` parses again. When the
    /// base URL has no query or fragment and the path holds only letters, digits, `-._~` and
    /// single `/` between segments that are not `.` or `..`, appending leaves every character as
    /// it is, so the text is joined directly; anything else goes through `URL(target:)`.
    static func absoluteString(of target: some TargetType) -> String {
        let path = target.path
        guard !path.isEmpty else { return target.baseURL.absoluteString }
        let trimmed = path.hasPrefix("/") ? path.dropFirst() : Substring(path)
        let base = target.baseURL
        let baseString = base.absoluteString
        guard !base.isFileURL, isPlainPath(trimmed), isPlainBase(baseString) else {
            return URL(target: target).absoluteString
        }
        return baseString.utf8.last == UInt8(ascii: "/") ? baseString + trimmed : baseString + "/" + trimmed
    }

    /// Whether appending `path` changes none of its characters and needs no normalization:
    /// plain bytes only, and no empty, `.` or `..` segment (`a//b`, `./a`, `a/..`) but a last
    /// empty one (a trailing `/`).
    private static func isPlainPath(_ path: Substring) -> Bool {
        guard !path.isEmpty else { return false }
        var segmentLength = 0
        var segmentIsDots = true
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/") {
                if segmentLength == 0 || (segmentIsDots && segmentLength <= 2) { return false }
                segmentLength = 0
                segmentIsDots = true
                continue
            }
            guard byte.isURLUnreserved else { return false }
            segmentLength += 1
            segmentIsDots = segmentIsDots && byte == UInt8(ascii: ".")
        }
        return segmentLength == 0 || !segmentIsDots || segmentLength > 2
    }

    /// Whether `base` (an absolute URL's text) ends in its path: no query, no fragment, and not `//`.
    private static func isPlainBase(_ base: String) -> Bool {
        var previous: UInt8 = 0
        var last: UInt8 = 0
        for byte in base.utf8 {
            if byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { return false }
            (previous, last) = (last, byte)
        }
        return !(previous == UInt8(ascii: "/") && last == UInt8(ascii: "/"))
    }
}
