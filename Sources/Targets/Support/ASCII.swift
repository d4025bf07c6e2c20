/// ASCII case folding on UTF-8 bytes: the only folding HTTP's field names, methods, schemes and
/// tokens use (RFC 9110 §5.1), shared by every Courier module so that there is one definition.
@usableFromInline
package enum ASCII {
    /// `byte` with `A`–`Z` mapped to `a`–`z`; every other byte as it is.
    @inlinable @inline(__always)
    package static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    /// Whether `lhs` and `rhs` hold the same bytes once ASCII letters are folded.
    @inlinable
    package static func equalFolded(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for index in lhs.indices where lowercased(lhs[index]) != lowercased(rhs[index]) { return false }
        return true
    }
}

extension StringProtocol {
    /// Whether the two strings are equal when ASCII letters are compared without case; other
    /// characters must match exactly. Allocates nothing.
    // Inlinable so that each module compares its concrete string types directly: run through
    // the generic entry point, this comparison dominated the native transport's profile.
    @inlinable
    package func caseInsensitiveEquals(_ other: some StringProtocol) -> Bool {
        let contiguous = utf8.withContiguousStorageIfAvailable { lhs in
            other.utf8.withContiguousStorageIfAvailable { rhs in ASCII.equalFolded(lhs, rhs) }
        }
        if let contiguous, let result = contiguous { return result }
        var rhs = other.utf8.makeIterator()
        for byte in utf8 {
            guard let next = rhs.next(), ASCII.lowercased(byte) == ASCII.lowercased(next) else { return false }
        }
        return rhs.next() == nil
    }
}
