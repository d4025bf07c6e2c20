#if os(Linux)
    import Foundation

    /// Public-key pinning: the SHA-256 digest of each certificate's `SubjectPublicKeyInfo`, as
    /// HPKP (RFC 7469) and OkHttp's `CertificatePinner` compute it.
    extension TLSStream {
        /// Whether a certificate of the verified chain has a public key whose digest is in `pins`.
        /// Only a chain that verification accepted is looked at, so pins never replace it.
        func verifiedChainMatches(_ pins: Set<String>) -> Bool {
            guard let chain = library.SSL_get0_verified_chain(ssl) else { return false }
            for index in 0..<library.OPENSSL_sk_num(chain) {
                guard let certificate = library.OPENSSL_sk_value(chain, index),
                    let digest = publicKeyDigest(of: certificate)
                else { continue }
                if pins.contains(digest) { return true }
            }
            return false
        }

        /// The Base64 SHA-256 digest of `certificate`'s DER `SubjectPublicKeyInfo`.
        private func publicKeyDigest(of certificate: UnsafeMutableRawPointer) -> String? {
            guard let key = library.X509_get_X509_PUBKEY(certificate) else { return nil }
            let length = library.i2d_X509_PUBKEY(key, nil)
            guard length > 0 else { return nil }
            var der = [UInt8](repeating: 0, count: Int(length))
            let written = der.withUnsafeMutableBufferPointer { buffer -> Int32 in
                var cursor = buffer.baseAddress
                return library.i2d_X509_PUBKEY(key, &cursor)
            }
            guard written == length else { return nil }
            var digest = [UInt8](repeating: 0, count: 32)
            _ = library.SHA256(der, der.count, &digest)
            return Data(digest).base64EncodedString()
        }
    }
#endif
