import Foundation

extension URL {
    /// `URL(target: target).absoluteString`, without making that URL when the result is plain.
    ///
    /// `appendingPathComponent` parses and re-encodes the whole URL (a large part of a stubbed
    /// call's cost; docs/BENCHMARKS.md), and the endpoint keeps only the text, which `Endpoint.urlRequest()` parses again. When the
    /// base URL has no query or fragment, and the path holds only letters, digits, `-._~` and
    /// single `/` between segments that are not `.` or `..`, appending leaves every character as
    /// it is, so the text is joined directly; anything else goes through `URL(target:)`. So does a
    /// file URL: appending to one looks at the disk, and adds a `/` when the path names a folder.
    static func absoluteString(of target: some TargetType) -> String {
        var path = target.path
        guard !path.isEmpty else { return target.baseURL.absoluteString }
        var base = target.baseURL.absoluteString
        // Checked on the contiguous UTF-8 bytes: iterating a `Substring`'s UTF-8 view costs
        // several times more per byte.
        let hasLeadingSlash = path.utf8.first == UInt8(ascii: "/")
        let joinsDirectly = path.withUTF8 { pathBytes in
            base.withUTF8 { baseBytes in
                isPlainPath(UnsafeBufferPointer(rebasing: pathBytes.dropFirst(hasLeadingSlash ? 1 : 0)))
                    && isPlainBase(baseBytes) && !hasFileScheme(baseBytes)
            }
        }
        guard joinsDirectly else { return URL(target: target).absoluteString }
        let trimmed = hasLeadingSlash ? Substring(path.utf8.dropFirst()) : Substring(path)
        if base.utf8.last != UInt8(ascii: "/") { base.append("/") }
        base.append(contentsOf: trimmed)
        return base
    }

    /// Whether appending `path` changes none of its characters and needs no normalization:
    /// plain bytes only, and no empty, `.` or `..` segment (`a//b`, `./a`, `a/..`) but a last
    /// empty one (a trailing `/`).
    private static func isPlainPath(_ path: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !path.isEmpty else { return false }
        var segmentLength = 0
        var segmentIsDots = true
        for byte in path {
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

    /// Whether `base` (an absolute URL's text) ends in a path that a `/` and the path can follow:
    /// no query, no fragment, not `//`, and not the bare scheme (`mailto:` + `a` is `mailto:a`).
    private static func isPlainBase(_ base: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !base.contains(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) else { return false }
        return base.last != UInt8(ascii: ":") && !base.suffix(2).elementsEqual("//".utf8)
    }

    /// Whether `base` (an absolute URL's text) has the `file` scheme, in any letter case. Read from
    /// the text because `URL.isFileURL` costs about as much as the rest of the join; it matches at
    /// least every URL `isFileURL` does, and a URL it matches needlessly only takes the slower way.
    private static func hasFileScheme(_ base: UnsafeBufferPointer<UInt8>) -> Bool {
        guard base.count >= 5, base[4] == UInt8(ascii: ":") else { return false }
        return zip(base.prefix(4), "file".utf8).allSatisfy { ASCII.lowercased($0) == $1 }
    }
}
