import CourierTargets
import Foundation

extension SecretValues {
    /// Every spelling of `value` that a line about an exchange can hold: as it is (with its
    /// accents composed and decomposed when it has any: the bytes differ, the text does not), as
    /// URLs and forms write it, and each of those as JSON strings write it, once or twice.
    ///
    /// Most tokens are ASCII letters, digits and `-._~`, for which all of these are one string.
    static func spellings(of value: String) -> [String] {
        var texts = [value]
        if !value.utf8.allSatisfy({ $0 < 0x80 }) {
            texts += [value.precomposedStringWithCanonicalMapping, value.decomposedStringWithCanonicalMapping]
        }
        var spellings: [String] = []
        func add(_ spelling: String) {
            if !spellings.contains(where: { $0.utf8.elementsEqual(spelling.utf8) }) { spellings.append(spelling) }
        }
        for text in texts {
            add(text)
            // URLEncoding keeps `/` and `?` and escapes `+` and `=`; other clients escape every
            // reserved byte; HTML forms write a space as `+`.
            let query = URLEncoding.escape(text)
            add(query)
            add(percentEncodedByteByByte(text))
            if query.contains("%20") { add(query.replacingOccurrences(of: "%20", with: "+")) }
        }
        for plain in spellings where plain.utf8.contains(where: JSONString.changes) {
            for outer in JSONString.dialects {
                let once = outer.escaped(plain)
                add(once)
                // A body echoed as a string (httpbin's `data`) escapes what the first escaping wrote.
                for inner in JSONString.dialects { add(inner.escaped(once)) }
            }
        }
        return spellings
    }

    /// `text` with every byte outside RFC 3986's unreserved set written `%XX`.
    private static func percentEncodedByteByByte(_ text: String) -> String {
        guard !text.utf8.allSatisfy(\.isURLUnreserved) else { return text }
        let hexDigits = Array("0123456789ABCDEF".utf8)
        var encoded: [UInt8] = []
        encoded.reserveCapacity(text.utf8.count * 3)
        for byte in text.utf8 {
            if byte.isURLUnreserved {
                encoded.append(byte)
            } else {
                encoded += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }
}

/// How JSON writers escape the content of a string.
private struct JSONString {
    /// Whether `/` is written `\/` (JSONSerialization and JSONEncoder by default).
    let escapesSlash: Bool
    /// Whether non-ASCII characters are written `\u00e4` (Python's `json`, httpbin's echo).
    let asciiOnly: Bool

    /// `JSONEncoder` with `.withoutEscapingSlashes`; `JSONEncoder` and `JSONSerialization`;
    /// Python's `json.dumps`.
    static let dialects = [
        JSONString(escapesSlash: false, asciiOnly: false), JSONString(escapesSlash: true, asciiOnly: false),
        JSONString(escapesSlash: false, asciiOnly: true),
    ]

    /// Whether `byte` is written differently inside a JSON string by one of the dialects.
    static func changes(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte >= 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
            || byte == UInt8(ascii: "/")
    }

    func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "/": result += escapesSlash ? "\\/" : "/"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            default:
                if scalar.value < 0x20 || (asciiOnly && scalar.value >= 0x7F) {
                    for unit in String(scalar).utf16 { result += "\\u" + Self.hex4(unit) }
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    private static func hex4(_ unit: UInt16) -> String {
        let hex = String(unit, radix: 16)
        return String(repeating: "0", count: 4 - hex.count) + hex
    }
}
