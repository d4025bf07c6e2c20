import CourierTargets
import Foundation

/// One `Set-Cookie` field, parsed by RFC 6265bis §5.6, the lenient algorithm user agents apply:
/// the name and value, and of each attribute the rules read the last value that is valid.
/// Nothing here judges the cookie against the answer that set it: ``CookieStoringRules`` does.
///
/// The field is refused as a whole when it holds a control character other than tab, has no name
/// (RFC 6265 and OkHttp refuse `=value`; RFC 6265bis would keep it under an empty name), or its
/// name and value are longer than ``CookieSyntax/maximumNameAndValueBytes`` together. An attribute
/// longer than ``CookieSyntax/maximumAttributeValueBytes``, or one whose value does not parse
/// (`Max-Age=soon`, an `Expires` that is no date), is ignored; unknown attributes (`SameSite`,
/// which a client without pages from several sites has no use for) are ignored.
struct SetCookieField: Equatable, Sendable {
    /// The cookie's name, without surrounding spaces.
    var name: String
    /// The cookie's value, without surrounding spaces (quotes, when written, are part of it).
    var value: String
    /// The last valid `Expires` (RFC 6265 §5.1.1's cookie-date); `nil` without one.
    var expires: Date?
    /// The last valid `Max-Age`, in seconds (negative and huge values kept as written, clamped to
    /// `Int`'s range); it wins over `Expires`.
    var maxAge: Int?
    /// The last non-empty `Domain`, lowercased, without one leading dot (`Domain=.example.com` is
    /// `example.com`, `Domain=.` is empty); `nil` without one.
    var domain: String?
    /// The last `Path`, when it begins with `/`; `nil` without one or when the last one does not
    /// (the request's default path applies).
    var path: String?
    /// Whether the field says `Secure`.
    var isSecure = false
    /// Whether the field says `HttpOnly`.
    var isHTTPOnly = false

    /// Parses `field`, one `Set-Cookie` field's value.
    ///
    /// - Throws: ``CookieRefusal/controlCharacter``, ``CookieRefusal/noName`` or
    ///   ``CookieRefusal/tooLarge`` when the field is refused as a whole.
    init(parsing field: String) throws(CookieRefusal) {
        guard RequestSyntax.isFieldValue(field) else { throw .controlCharacter }
        var pieces = field.split(separator: ";", omittingEmptySubsequences: false)[...]
        let pair = pieces.popFirst() ?? ""
        guard let equals = pair.firstIndex(of: "=") else { throw .noName }
        name = String(Self.trimmed(pair[..<equals]))
        value = String(Self.trimmed(pair[pair.index(after: equals)...]))
        guard !name.isEmpty else { throw .noName }
        guard name.utf8.count + value.utf8.count <= CookieSyntax.maximumNameAndValueBytes else { throw .tooLarge }
        for piece in pieces { read(attribute: piece) }
    }

    /// Reads one `name=value` or `name` attribute into the field; an invalid one changes nothing.
    private mutating func read(attribute piece: Substring) {
        let equals = piece.firstIndex(of: "=")
        let name = Self.trimmed(equals.map { piece[..<$0] } ?? piece)
        let value = equals.map { Self.trimmed(piece[piece.index(after: $0)...]) } ?? ""
        guard value.utf8.count <= CookieSyntax.maximumAttributeValueBytes else { return }
        switch name.lowercased() {
        case "expires":
            if let date = CookieDate.parse(value) { expires = date }
        case "max-age":
            if let seconds = Self.deltaSeconds(value) { maxAge = seconds }
        case "domain":
            guard !value.isEmpty else { return }
            domain = String(value.hasPrefix(".") ? value.dropFirst() : value).lowercased()
        case "path":
            path = value.hasPrefix("/") ? String(value) : nil
        case "secure":
            isSecure = true
        case "httponly":
            isHTTPOnly = true
        default:
            return
        }
    }

    /// `Max-Age`'s value (§5.6.2): an optional `-` and digits, clamped to `Int`; `nil` otherwise.
    private static func deltaSeconds(_ text: Substring) -> Int? {
        let negative = text.hasPrefix("-")
        let digits = negative ? text.dropFirst() : text
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return nil
        }
        guard let magnitude = Int(digits) else { return negative ? Int.min : Int.max }
        return negative ? -magnitude : magnitude
    }

    /// `text` without the spaces and tabs around it.
    private static func trimmed(_ text: Substring) -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = text.firstIndex(where: { !isSpace($0) }), let last = text.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return text[first...last]
    }
}
