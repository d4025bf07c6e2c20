#if os(Linux)
    import Foundation

    extension HTTP1Transport {
        /// What an app may add, on purpose, to how ``HTTP1Transport`` secures `https://`
        /// connections. The defaults cannot be weakened: TLS 1.2 at least, the system's trust
        /// store, the certificate checked against the URL's host in its subjectAltName (SNI sent
        /// for names; a name only in the subject's common name is refused), no renegotiation, ALPN
        /// `http/1.1`, and a response cut without TLS's `close_notify` before its framing ended is
        /// an error (``TLSError/truncatedResponse``).
        ///
        /// ```swift
        /// let pins: Set<String> = ["r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E="]
        /// let options = HTTP1Transport.Options(tls: .init(pinnedPublicKeys: ["api.example.com": pins]))
        /// let transport = HTTP1Transport(options: options)
        /// ```
        public struct TLSOptions: Sendable, Hashable {
            /// Certificates trusted besides the system's (a private CA for internal services), in
            /// PEM; one `Data` may hold several certificates. The system's trust store stays.
            public var additionalTrustRoots: [Data]
            /// The certificate and key the transport presents when a server asks for one (mutual
            /// TLS, as service meshes use); `nil` by default.
            public var clientCertificate: ClientCertificate?
            /// Public-key pins by host: for a host listed here (case and one trailing dot do not
            /// matter: `API.example.com.` is `api.example.com`, in a key as in a URL), a
            /// connection fails with ``TLSError/publicKeyPinMismatch(host:)``, before any byte of
            /// the request is sent, unless a certificate of the verified chain has a public key
            /// whose SHA-256 digest (of its DER `SubjectPublicKeyInfo`, Base64, as
            /// `openssl x509 -pubkey | openssl pkey -pubin -outform der | openssl dgst -sha256
            /// -binary | base64` prints it) is in the set. A resumed session is checked against the
            /// chain verified when it was made. Pinning adds to the usual checks; it never replaces
            /// them. Hosts not listed are not pinned.
            public var pinnedPublicKeys: [String: Set<String>]

            /// Creates TLS options; by default the system's trust store alone, no client
            /// certificate and no pins.
            public init(
                additionalTrustRoots: [Data] = [], clientCertificate: ClientCertificate? = nil,
                pinnedPublicKeys: [String: Set<String>] = [:]
            ) {
                self.additionalTrustRoots = additionalTrustRoots
                self.clientCertificate = clientCertificate
                self.pinnedPublicKeys = pinnedPublicKeys
            }
        }

        /// A client certificate for mutual TLS: the certificate (followed by any intermediate
        /// certificates) and its private key, both in PEM. The key must not be encrypted.
        public struct ClientCertificate: Sendable, Hashable {
            /// The certificate, then its intermediates, in PEM.
            public var certificateChainPEM: Data
            /// The certificate's private key, in PEM (PKCS #8 or the key type's own format).
            public var privateKeyPEM: Data

            /// Creates a client certificate from its PEM chain and key.
            public init(certificateChainPEM: Data, privateKeyPEM: Data) {
                self.certificateChainPEM = certificateChainPEM
                self.privateKeyPEM = privateKeyPEM
            }
        }
    }
#endif
