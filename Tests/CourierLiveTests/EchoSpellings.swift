import Foundation

/// Finds how a secret is spelled in text that others wrote — Courier's encoders, a server's
/// echo, a recording — without asking the masking code, so that a spelling it does not know
/// still makes a test fail.
enum EchoSpellings {
    /// A JSON string literal as it is written (`raw`) and as it reads (`decoded`), with the raw
    /// byte range each decoded byte came from.
    struct Literal {
        var raw: [UInt8] = []
        var decoded: [UInt8] = []
        var origins: [Range<Int>] = []
    }

    /// Every spelling in `text` of each of `needles` inside a JSON string literal: the raw bytes
    /// of the literal that decode to the needle (`pa\"ss` for `pa"ss`, `\u00e4` for `ä`), and
    /// the needle itself where it occurs unescaped.
    static func echoes(of needles: Set<String>, inJSON text: String) -> Set<String> {
        var found: Set<String> = []
        let literals = self.literals(in: Array(text.utf8))
        for needle in needles {
            let bytes = Array(needle.utf8)
            guard !bytes.isEmpty else { continue }
            if text.contains(needle) { found.insert(needle) }
            for literal in literals {
                for start in occurrences(of: bytes, in: literal.decoded) {
                    let range = literal.origins[start].lowerBound..<literal.origins[start + bytes.count - 1].upperBound
                    found.insert(String(decoding: literal.raw[range], as: UTF8.self))
                }
            }
        }
        return found
    }

    /// The raw spellings of every value of the JSON member `name` in `text` that is a string.
    static func memberLiterals(named name: String, inJSON text: String) -> [String] {
        let bytes = Array(text.utf8)
        var result: [String] = []
        var index = 0
        var previous: Literal?
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "\"") else {
                index += 1
                continue
            }
            let (literal, end) = readLiteral(bytes, from: index)
            if let key = previous, key.decoded.elementsEqual(name.utf8),
                bytes[..<index].last(where: { $0 != 0x20 && $0 != 0x0A }) == UInt8(ascii: ":")
            {
                result.append(String(decoding: literal.raw, as: UTF8.self))
            }
            previous = literal
            index = end
        }
        return result
    }

    /// The values of the form or query field `name` in `text` (`a=1&name=x`), as written.
    static func formValues(named name: String, in text: String) -> [String] {
        text.split(separator: "&").compactMap { field in
            guard let equals = field.firstIndex(of: "=") else { return nil }
            return field[..<equals] == name ? String(field[field.index(after: equals)...]) : nil
        }
    }

    /// `spelling` as `JSONEncoder` writes it inside a string, with and without escaped slashes.
    static func jsonEncoderSpellings(of spelling: String) -> Set<String> {
        var result: Set<String> = []
        for options: JSONEncoder.OutputFormatting in [[], [.withoutEscapingSlashes]] {
            let encoder = JSONEncoder()
            encoder.outputFormatting = options
            guard let data = try? encoder.encode(spelling) else { continue }
            result.insert(String(decoding: data.dropFirst().dropLast(), as: UTF8.self))
        }
        return result
    }

    private static func literals(in bytes: [UInt8]) -> [Literal] {
        var result: [Literal] = []
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "\"") else {
                index += 1
                continue
            }
            let (literal, end) = readLiteral(bytes, from: index)
            result.append(literal)
            index = end
        }
        return result
    }

    /// The literal that starts at the quote at `start`, and the index after its closing quote.
    private static func readLiteral(_ bytes: [UInt8], from start: Int) -> (Literal, Int) {
        var literal = Literal()
        var index = start + 1
        let base = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            let from = index
            if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count {
                let escape = bytes[index + 1]
                index += 2
                if escape == UInt8(ascii: "u"), let (scalar, end) = unicodeEscape(bytes, at: index - 2) {
                    index = end
                    for byte in Array(String(Character(scalar)).utf8) {
                        literal.decoded.append(byte)
                        literal.origins.append((from - base)..<(index - base))
                    }
                    continue
                }
                let simple: [UInt8: UInt8] = [
                    UInt8(ascii: "n"): 0x0A, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
                    UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C,
                ]
                literal.decoded.append(simple[escape] ?? escape)
            } else {
                literal.decoded.append(bytes[index])
                index += 1
            }
            literal.origins.append((from - base)..<(index - base))
        }
        literal.raw = Array(bytes[base..<index])
        return (literal, index + 1)
    }

    /// The scalar of `\uXXXX` at `start` (a surrogate pair taken whole), and the index after it.
    private static func unicodeEscape(_ bytes: [UInt8], at start: Int) -> (Unicode.Scalar, Int)? {
        func hex(_ at: Int) -> UInt32? {
            guard at + 6 <= bytes.count, bytes[at] == UInt8(ascii: "\\"), bytes[at + 1] == UInt8(ascii: "u") else {
                return nil
            }
            return UInt32(String(decoding: bytes[(at + 2)..<(at + 6)], as: UTF8.self), radix: 16)
        }
        guard let high = hex(start) else { return nil }
        if (0xD800..<0xDC00).contains(high), let low = hex(start + 6), (0xDC00..<0xE000).contains(low) {
            let value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
            return Unicode.Scalar(value).map { ($0, start + 12) }
        }
        return Unicode.Scalar(high).map { ($0, start + 6) }
    }

    private static func occurrences(of needle: [UInt8], in haystack: [UInt8]) -> [Int] {
        guard needle.count <= haystack.count else { return [] }
        return (0...(haystack.count - needle.count)).filter { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}
