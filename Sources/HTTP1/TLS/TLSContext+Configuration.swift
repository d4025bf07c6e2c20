#if os(Linux)
    import Foundation

    /// The app's additions to a context: trust roots and a client certificate, read from PEM.
    extension TLSContext {
        /// Adds every certificate of each PEM to the context's trust store, beside the system's.
        func addTrustRoots(_ roots: [Data]) throws(TLSError) {
            guard let store = library.SSL_CTX_get_cert_store(context) else {
                throw .libraryUnavailable("the context has no certificate store")
            }
            for (index, pem) in roots.enumerated() {
                let certificates = try readCertificates(pem)
                defer { for certificate in certificates { library.X509_free(certificate) } }
                guard !certificates.isEmpty else {
                    throw .invalidConfiguration("additionalTrustRoots[\(index)] holds no PEM certificate")
                }
                for certificate in certificates where library.X509_STORE_add_cert(store, certificate) != 1 {
                    throw .invalidConfiguration("additionalTrustRoots[\(index)] could not be added")
                }
            }
        }

        /// Presents `certificate` (and its intermediates) with its key when a server asks for one.
        func use(_ certificate: HTTP1Transport.ClientCertificate) throws(TLSError) {
            var chain = try readCertificates(certificate.certificateChainPEM)
            defer { for certificate in chain { library.X509_free(certificate) } }
            guard !chain.isEmpty else {
                throw .invalidConfiguration("the client certificate chain holds no PEM certificate")
            }
            let leaf = chain.removeFirst()
            defer { library.X509_free(leaf) }
            guard library.SSL_CTX_use_certificate(context, leaf) == 1 else {
                throw .invalidConfiguration("OpenSSL refused the client certificate")
            }
            while !chain.isEmpty {
                // The context takes ownership of an extra chain certificate.
                let intermediate = chain.removeFirst()
                guard library.SSL_CTX_ctrl(context, Constant.addExtraChainCertificate, 0, intermediate) == 1 else {
                    library.X509_free(intermediate)
                    throw .invalidConfiguration("OpenSSL refused an intermediate of the client certificate")
                }
            }
            let key = try withBIO(certificate.privateKeyPEM) { library.PEM_read_bio_PrivateKey($0, nil, nil, nil) }
            guard let key else { throw .invalidConfiguration("the client key is not an unencrypted PEM private key") }
            defer { library.EVP_PKEY_free(key) }
            guard library.SSL_CTX_use_PrivateKey(context, key) == 1, library.SSL_CTX_check_private_key(context) == 1
            else {
                throw .invalidConfiguration("the client key does not match the client certificate")
            }
        }

        /// Every certificate in `pem`, in order; the caller frees them.
        private func readCertificates(_ pem: Data) throws(TLSError) -> [UnsafeMutableRawPointer] {
            let certificates = try withBIO(pem) { bio in
                var certificates: [UnsafeMutableRawPointer] = []
                while let certificate = library.PEM_read_bio_X509(bio, nil, nil, nil) {
                    certificates.append(certificate)
                }
                return certificates
            }
            // The read that found no more certificates left an error behind.
            library.ERR_clear_error()
            return certificates
        }

        /// Runs `body` with a read-only memory BIO over `data`.
        private func withBIO<Result>(
            _ data: Data, _ body: (UnsafeMutableRawPointer) -> Result
        ) throws(TLSError) -> Result {
            guard data.count < Int(Int32.max) else { throw .invalidConfiguration("a PEM is too large") }
            let result = data.withUnsafeBytes { bytes -> Result? in
                guard let bio = library.BIO_new_mem_buf(bytes.baseAddress, Int32(bytes.count)) else { return nil }
                defer { _ = library.BIO_free(bio) }
                return body(bio)
            }
            guard let result else { throw .libraryUnavailable("BIO_new_mem_buf failed") }
            return result
        }
    }

    /// The values of OpenSSL's macros and flags used here, identical in 1.1.1 and 3.x.
    enum Constant {
        static let setMinimumProtocolVersion: Int32 = 123  // SSL_CTRL_SET_MIN_PROTO_VERSION
        static let tls12 = 0x0303  // TLS1_2_VERSION
        static let setMode: Int32 = 33  // SSL_CTRL_MODE
        /// SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER. Not
        /// SSL_MODE_RELEASE_BUFFERS: it frees and allocates a record buffer for nearly every
        /// record read, churn that costs more than the buffers an idle connection keeps.
        static let modes = 0x1 | 0x2
        static let setSessionCacheMode: Int32 = 44  // SSL_CTRL_SET_SESS_CACHE_MODE
        /// SSL_SESS_CACHE_CLIENT | SSL_SESS_CACHE_NO_INTERNAL_STORE: the context keeps sessions itself.
        static let clientSessionsKeptByCourier = 0x1 | 0x200
        static let addExtraChainCertificate: Int32 = 14  // SSL_CTRL_EXTRA_CHAIN_CERT
        static let setHostName: Int32 = 55  // SSL_CTRL_SET_TLSEXT_HOSTNAME
        static let hostNameType = 0  // TLSEXT_NAMETYPE_host_name
        static let noRenegotiation: UInt64 = 0x4000_0000  // SSL_OP_NO_RENEGOTIATION
        static let noCompression: UInt64 = 0x0002_0000  // SSL_OP_NO_COMPRESSION
        static let verifyPeer: Int32 = 1  // SSL_VERIFY_PEER
        static let neverCheckSubject: UInt32 = 0x20  // X509_CHECK_FLAG_NEVER_CHECK_SUBJECT
        static let errorSSL: Int32 = 1
        static let errorWantRead: Int32 = 2
        static let errorWantWrite: Int32 = 3
        static let errorSyscall: Int32 = 5
        static let errorZeroReturn: Int32 = 6
    }
#endif
