#if os(Linux)
    import Foundation

    /// Public-key pinning: the SHA-256 digest of each certificate's `SubjectPublicKeyInfo`, as
    /// HPKP (RFC 7469) and OkHttp's `CertificatePinner` compute it.
    extension TLSStream {
        /// Whether a certificate of the chain this connection stands on has a public key whose
        /// digest is in `pins`: the chain this handshake verified or, for a resumed session (whose
        /// handshake sends no certificate, so OpenSSL has no verified chain), the chain verified
        /// when the session was made, kept with it. Only a chain that verification accepted is
        /// looked at, so pins never replace it; a resumed session without one fails.
        ///
        /// The digests are kept in ``chainPublicKeyDigests``, for the session this connection
        /// leaves for the next one.
        func chainMatches(_ pins: Set<String>) -> Bool {
            let digests = resumedSession ? offeredSession?.publicKeyDigests ?? [] : verifiedChainDigests()
            chainPublicKeyDigests = digests
            return !digests.isDisjoint(with: pins)
        }

        /// The digests of the public keys of the chain this handshake verified; empty when there is none.
        private func verifiedChainDigests() -> Set<String> {
            guard let chain = library.SSL_get0_verified_chain(ssl) else { return [] }
            var digests: Set<String> = []
            for index in 0..<library.OPENSSL_sk_num(chain) {
                guard let certificate = library.OPENSSL_sk_value(chain, index),
                    let digest = publicKeyDigest(of: certificate)
                else { continue }
                digests.insert(digest)
            }
            return digests
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
