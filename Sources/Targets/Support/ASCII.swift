/// ASCII case folding on UTF-8 bytes: the only folding HTTP's field names, methods, schemes and
/// tokens use (RFC 9110 §5.1), shared by every Courier module so that there is one definition.
package enum ASCII {
    /// `byte` with `A`–`Z` mapped to `a`–`z`; every other byte as it is.
    @inline(__always)
    package static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }
}

extension StringProtocol {
    /// Whether the two strings are equal when ASCII letters are compared without case; other
    /// characters must match exactly. Allocates nothing.
    package func caseInsensitiveEquals(_ other: some StringProtocol) -> Bool {
        let lhs = utf8
        let rhs = other.utf8
        guard lhs.count == rhs.count else { return false }
        return zip(lhs, rhs).allSatisfy { ASCII.lowercased($0) == ASCII.lowercased($1) }
    }
}
