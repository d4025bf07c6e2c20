import CourierTargets

/// What a cookie's name and value may hold, for storing and for sending alike (RFC 6265bis §5.6,
/// §5.7): a non-empty name, no control character but tab (the rule every request header passes,
/// ``RequestSyntax/isFieldValue(_:)``), nothing that would end the pair in a `Cookie` header (`;`,
/// or `=` in the name), and at most ``maximumNameAndValueBytes`` for both. A stored cookie that
/// breaks it (one an app put into the storage itself) is never sent.
enum CookieSyntax {
    /// The most bytes a cookie's name and value may hold together: RFC 6265bis §5.6's limit.
    static let maximumNameAndValueBytes = 4096
    /// The most bytes an attribute's value may hold: a longer attribute is ignored (§5.6).
    static let maximumAttributeValueBytes = 1024

    /// Whether `name=value` may stand in a `Cookie` header as one cookie.
    static func isSendable(name: String, value: String) -> Bool {
        !name.isEmpty && name.utf8.count + value.utf8.count <= maximumNameAndValueBytes
            && RequestSyntax.isFieldValue(name) && RequestSyntax.isFieldValue(value)
            && !name.utf8.contains { $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: "=") }
            && !value.utf8.contains(UInt8(ascii: ";"))
    }
}
