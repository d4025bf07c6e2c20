import Testing

@testable import CourierTargets

/// HTTP's case folding: ASCII letters only, on every pair of string types the modules compare.
@Suite("ASCII: case-insensitive comparison of HTTP names")
struct ASCIITests {
    private static let pairs: [(String, String, Bool)] = [
        ("Content-Length", "content-length", true), ("TRANSFER-ENCODING", "transfer-encoding", true),
        ("Host", "host", true), ("", "", true), ("a", "", false), ("Host", "Hos", false), ("Host", "Hosts", false),
        // `@` and `` ` `` sit next to the letters: folding them would make `@` equal `` ` ``.
        ("@[", "`{", false),
        // Only ASCII folds: other letters must match exactly, byte for byte.
        ("ÄRGER", "ärger", false), ("ärger", "ärger", true), ("K", "\u{212A}", false),
    ]

    @Test("String against String, Substring and a literal")
    func stringTypes() {
        for (lhs, rhs, expected) in Self.pairs {
            #expect(lhs.caseInsensitiveEquals(rhs) == expected, "\(lhs) / \(rhs)")
            #expect(rhs.caseInsensitiveEquals(lhs) == expected, "\(rhs) / \(lhs)")
            let padded = "<\(lhs)>"
            let inner = padded.dropFirst().dropLast()
            #expect(inner.caseInsensitiveEquals(rhs) == expected, "Substring \(inner) / \(rhs)")
            #expect(rhs.caseInsensitiveEquals(inner) == expected, "\(rhs) / Substring \(inner)")
        }
        #expect("chunked".caseInsensitiveEquals("Chunked"))
    }

    @Test("a byte is folded only from A–Z")
    func foldsOnlyUppercaseLetters() {
        for byte in UInt8(0)...UInt8(255) {
            let isUpper = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
            #expect(ASCII.lowercased(byte) == (isUpper ? byte + 32 : byte))
        }
    }
}
