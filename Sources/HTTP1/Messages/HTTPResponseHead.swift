import CourierTargets
import CourierTransport
import Foundation

/// The status line and header fields of a response, as the parser read them.
struct HTTPResponseHead: Sendable, Equatable {
    /// The minor version of `HTTP/1.x`.
    var minorVersion: Int
    /// The status code, `100...999`.
    var status: Int
    /// The reason phrase, possibly empty.
    var reason: String
    /// The fields in the order received; a repeated name appears once per line.
    var headers: [HeaderField]

    /// Every value of the field `name` (compared without case), in order.
    func values(of name: String) -> [String] {
        headers.compactMap { $0.name.caseInsensitiveEquals(name) ? $0.value : nil }
    }

    /// Calls `body` with each comma-separated element of every `name` field, without
    /// surrounding whitespace (empty elements included), in order.
    func forEachElement<Failure: Error>(
        of name: String, _ body: (Substring) throws(Failure) -> Void
    ) throws(Failure) {
        for field in headers where field.name.caseInsensitiveEquals(name) {
            try Self.forEachElement(in: field.value, body)
        }
    }

    /// Calls `body` with each comma-separated element of `value`, without surrounding whitespace.
    static func forEachElement<Failure: Error>(
        in value: String, _ body: (Substring) throws(Failure) -> Void
    ) throws(Failure) {
        let utf8 = value.utf8
        var start = utf8.startIndex
        var index = start
        while true {
            let atEnd = index == utf8.endIndex
            if atEnd || utf8[index] == UInt8(ascii: ",") {
                var first = start
                var last = index
                while first < last, HTTPSyntax.isWhitespace(utf8[first]) { first = utf8.index(after: first) }
                while last > first, HTTPSyntax.isWhitespace(utf8[utf8.index(before: last)]) {
                    last = utf8.index(before: last)
                }
                try body(Substring(utf8[first..<last]))
                if atEnd { break }
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
    }

    /// Whether an element of a `name` field is `token`, in any case.
    func containsToken(_ token: String, in name: String) -> Bool {
        var found = false
        forEachElement(of: name) { element in if element.caseInsensitiveEquals(token) { found = true } }
        return found
    }

    /// Whether the server lets the connection carry another request (RFC 9112 §9.3).
    var keepsConnectionAlive: Bool {
        if containsToken("close", in: "Connection") { return false }
        return minorVersion >= 1 || containsToken("keep-alive", in: "Connection")
    }
}

/// Character classes of RFC 9110 and RFC 9112.
enum HTTPSyntax {
    static let cr: UInt8 = 0x0D
    static let lf: UInt8 = 0x0A
    static let space: UInt8 = 0x20
    static let tab: UInt8 = 0x09
    static let colon: UInt8 = 0x3A

    /// `tchar`: the characters of a token (RFC 9110 §5.6.2).
    static func isTokenCharacter(_ byte: UInt8) -> Bool { RequestSyntax.isTokenCharacter(byte) }

    /// Whether `bytes` is a non-empty token.
    static func isToken<C: Collection<UInt8>>(_ bytes: C) -> Bool {
        !bytes.isEmpty && bytes.allSatisfy(isTokenCharacter)
    }

    static func isWhitespace(_ byte: UInt8) -> Bool { byte == space || byte == tab }

    /// The text of a field value or reason phrase: UTF-8 when the bytes are valid UTF-8, and
    /// ISO-8859-1 otherwise.
    ///
    /// RFC 9110 §5.5 lets a value carry obs-text (bytes `0x80`–`0xFF`) without naming a charset;
    /// such bytes historically meant ISO-8859-1, which maps every byte to one character, so no
    /// byte is lost or turned into U+FFFD and the app can recover the bytes (each scalar's
    /// value is the byte). Values that are UTF-8, as most servers send today, read as written.
    /// (FoundationNetworking fails a response whose header line is not UTF-8; Darwin's
    /// URLSession reads such bytes as ISO-8859-1 too.)
    static func text<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: bytes.map { Unicode.Scalar($0) })
        return String(scalars)
    }

    /// The value of a hexadecimal digit, or `nil`.
    static func hexValue(_ byte: UInt8) -> Int64? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int64(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int64(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int64(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
