import Foundation

/// The digest public-key pins are written in (``PublicKeyPins``): SHA-256 of a key's DER
/// `SubjectPublicKeyInfo` (RFC 5280 §4.1), Base64, as HPKP and OkHttp compute it.
///
/// Apple's Security framework gives a certificate's key as its bare representation (an RSA key's
/// PKCS #1 `RSAPublicKey`, an elliptic-curve key's X9.63 point), not as the `SubjectPublicKeyInfo`
/// that wraps it with its algorithm: the wrapper is rebuilt here, by portable code that the suite
/// checks against OpenSSL's digests of the same keys.
enum SubjectPublicKeyInfo {
    /// A key's algorithm, which fixes the `AlgorithmIdentifier` before the key.
    enum Algorithm: Sendable {
        case rsa
        /// An elliptic-curve key on the NIST P-256, P-384 or P-521 curve.
        case ellipticCurve(bits: Int)

        /// The DER `AlgorithmIdentifier`; `nil` for a curve without one here.
        var identifier: [UInt8]? {
            switch self {
            case .rsa:
                // rsaEncryption (1.2.840.113549.1.1.1), NULL parameters.
                return [0x30, 0x0D, 0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01, 0x05, 0x00]
            case .ellipticCurve(let bits):
                // id-ecPublicKey (1.2.840.10045.2.1) and the named curve.
                let ecPublicKey: [UInt8] = [0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01]
                let curve: [UInt8]
                switch bits {
                case 256: curve = [0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07]
                case 384: curve = [0x06, 0x05, 0x2B, 0x81, 0x04, 0x00, 0x22]
                case 521: curve = [0x06, 0x05, 0x2B, 0x81, 0x04, 0x00, 0x23]
                default: return nil
                }
                return DER.sequence(ecPublicKey + curve)
            }
        }
    }

    /// The DER `SubjectPublicKeyInfo` of a key of `algorithm` whose bare representation is `key`;
    /// `nil` for an algorithm without an identifier here.
    static func der(of key: Data, algorithm: Algorithm) -> Data? {
        guard let identifier = algorithm.identifier else { return nil }
        let bitString = [0x03] + DER.length(key.count + 1) + [0x00] + Array(key)
        return Data(DER.sequence(identifier + bitString))
    }

    /// The pin of that key: its `SubjectPublicKeyInfo`'s SHA-256, Base64.
    static func pin(of key: Data, algorithm: Algorithm) -> String? {
        guard let der = der(of: key, algorithm: algorithm) else { return nil }
        return Data(SHA256Digest.bytes(Array(der))).base64EncodedString()
    }

    private enum DER {
        static func sequence(_ contents: [UInt8]) -> [UInt8] { [0x30] + length(contents.count) + contents }

        /// A DER length: one byte below 128, else its bytes after a count of them.
        static func length(_ count: Int) -> [UInt8] {
            guard count >= 0x80 else { return [UInt8(count)] }
            var bytes: [UInt8] = []
            var rest = count
            while rest > 0 {
                bytes.insert(UInt8(rest & 0xFF), at: 0)
                rest >>= 8
            }
            return [0x80 | UInt8(bytes.count)] + bytes
        }
    }
}
