extension SecretValues {
    /// `text` with the password of every URL in it (`https://ada:***@host`) masked, however short:
    /// an error message or a redirect's URL can hold one that no header or query item announced.
    static func maskingURLPasswords(in text: String) -> String {
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        var copied = 0
        var index = 0
        while let separator = find(schemeSeparator, in: bytes, from: index) {
            let start = separator + schemeSeparator.count
            var end = start
            while end < bytes.count, !authorityEnds(bytes[end]) { end += 1 }
            index = end
            // The last `@` ends the user information; its first `:` starts the password.
            guard let at = bytes[start..<end].lastIndex(of: UInt8(ascii: "@")),
                let colon = bytes[start..<at].firstIndex(of: UInt8(ascii: ":"))
            else { continue }
            output += bytes[copied...colon]
            output += maskBytes
            copied = at
        }
        guard copied > 0 else { return text }
        output += bytes[copied...]
        return String(decoding: output, as: UTF8.self)
    }

    private static let schemeSeparator = Array("://".utf8)

    /// Whether `byte` ends a URL's authority: a path, query or fragment starts, or the URL ends.
    private static func authorityEnds(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "\""), UInt8(ascii: "'"),
            UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\\"), 0...0x20, 0x7F:
            true
        default: false
        }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard needle.count <= haystack.count, start <= haystack.count - needle.count else { return nil }
        return (start...(haystack.count - needle.count)).first {
            haystack[$0..<($0 + needle.count)].elementsEqual(needle)
        }
    }
}
