import Foundation
import Testing

@testable import Courier

/// The pins of keys as Apple's Security framework gives them (an RSA key's PKCS #1 form, an
/// elliptic-curve key's X9.63 point), checked against the digests OpenSSL computes of the same
/// keys' `SubjectPublicKeyInfo` (`openssl pkey -pubin -outform der | openssl dgst -sha256 -binary
/// | base64`): the portable half of pinning through URLSession on Apple platforms.
@Suite("SubjectPublicKeyInfo: pins of bare keys")
struct SubjectPublicKeyInfoTests {
    @Test(
        "each algorithm's pin is OpenSSL's",
        arguments: [
            (
                "BGoPCtxP6drMC2Bm3rTygvSN9Eo3Q9pKT8GKHNaIrsqUW1ZSlnOq97KmYbG/6oSh1GxRiCeTheWxzb423h8IoVc=",
                SubjectPublicKeyInfo.Algorithm.ellipticCurve(bits: 256),
                "mmSyUSFuOgf0vTrx929DBeBh4p9FJpBhe1ZjD5RfZhU="
            ),
            (
                "BGIZVXmQbsS4eewBZVSjNqQtI3A7lulVHMB2/prdqEI5ycPtD0TxAQ8p6388EV170IcWEzS1mn2pr0BTs/ThEYlz3Fx/GKvFDXPipUttwKkJWR7vD3dRUcUjGjgUuNKg+A==",
                .ellipticCurve(bits: 384),
                "wV1St8digi2D+CFcxgcdYeFkeEEAEZ0WFv55u8aDdck="
            ),
            (
                "MIIBCgKCAQEArUkfQxJfRPc0xYMj/q8+u3XPTrlKfpCuX4Q+wpMJOPfepABlbYl1o7kkTJiQhjw2d1C5us0p/Z1FjhTlTJktGfPvjyRs66jipLmrFbRXygQdsk+lnJWP1FW0lfEEnEjV22Zn6aLkPf1MQP2LVng7vbyfD8B/O3f2bhYEqHjRlE/5J5sy3VMWOPyQ44eqgeWeDRacQY7Rb1uM3y5kpbi/few7xrStaaei2CXjSvej8b+x8bta9nMBaviKOoEwMCPTOwszIhwx5PUjDDId3UqyqiArBjhkH+2Wn6Zslo3QXulXvfJunTJxq+lIxUwQsDT5MzqAOUR520U/vDNbpmVCRwIDAQAB",
                .rsa,
                "hrhtEflC2D0qmiN9Iare6UEZ/AeR229By934oUaV1+A="
            ),
        ])
    func pins(key: String, algorithm: SubjectPublicKeyInfo.Algorithm, expected: String) throws {
        let bare = try #require(Data(base64Encoded: key))
        #expect(SubjectPublicKeyInfo.pin(of: bare, algorithm: algorithm) == expected)
    }

    @Test("a curve without an identifier here has no pin")
    func unknownCurve() {
        #expect(SubjectPublicKeyInfo.pin(of: Data([4, 1, 2]), algorithm: .ellipticCurve(bits: 224)) == nil)
    }
}
