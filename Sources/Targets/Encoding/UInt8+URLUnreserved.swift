extension UInt8 {
    // Inlinable: other modules test URL text with it byte by byte, where a call per byte costs
    // more than the test.

    /// Whether this byte is one a URL never percent-encodes (RFC 3986's unreserved characters):
    /// an ASCII letter or digit, `-`, `.`, `_` or `~`.
    @inlinable package var isURLUnreserved: Bool {
        switch self {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default: false
        }
    }
}
