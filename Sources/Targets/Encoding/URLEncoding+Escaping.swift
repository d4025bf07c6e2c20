import Foundation

/// Percent-encoding of keys and values, byte for byte as Alamofire does it.
extension URLEncoding {
    /// Percent-encodes `string` for a query-string key or value, exactly as Alamofire does:
    /// every UTF-8 byte except `A`–`Z`, `a`–`z`, `0`–`9`, `-._~` and `/?` becomes `%XX`
    /// (upper-case hex). That is `CharacterSet.urlQueryAllowed` minus `:#[]@!$&'()*+,;=`.
    ///
    /// ```swift
    /// URLEncoding.escape("a+b c/d?")  // "a%2Bb%20c/d?"
    /// URLEncoding.escape("中文")       // "%E4%B8%AD%E6%96%87"
    /// ```
    ///
    /// - Parameter string: The text to encode.
    /// - Returns: The percent-encoded text; `string` itself when nothing needs encoding.
    package static func escape(_ string: String) -> String {
        let utf8 = string.utf8
        guard !utf8.allSatisfy(isAllowed) else { return string }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count * 3)
        appendEscaped(string, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `byte` is written as is: `A`–`Z`, `a`–`z`, `0`–`9`, `-`, `.`, `_`, `~`, `/`, `?`.
    static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x2E, 0x5F, 0x7E, 0x2F, 0x3F: true
        default: false
        }
    }

    /// Appends the percent-encoded UTF-8 bytes of `string` to `bytes`, one pass, no per-character allocation.
    static func appendEscaped(_ string: String, to bytes: inout [UInt8]) {
        var string = string
        string.withUTF8 { utf8 in
            // Most keys and values need no escaping, or only late: the plain run is copied in one
            // go instead of appended byte by byte.
            let firstEscaped = utf8.firstIndex { !isAllowed($0) } ?? utf8.endIndex
            bytes.append(contentsOf: utf8[..<firstEscaped])
            for byte in utf8[firstEscaped...] {
                if isAllowed(byte) {
                    bytes.append(byte)
                } else {
                    bytes.append(UInt8(ascii: "%"))
                    bytes.append(hexDigit(byte >> 4))
                    bytes.append(hexDigit(byte & 0x0F))
                }
            }
        }
    }

    /// The upper-case ASCII hex digit for `nibble` (0–15).
    static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") - 10 + nibble
    }
}
