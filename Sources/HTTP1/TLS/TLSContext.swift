#if os(Linux)
    import CourierTransport
    import Foundation

    /// One OpenSSL context for a transport's `https://` connections, configured once from its
    /// ``HTTP1Transport/TLSOptions`` with defaults an option cannot weaken: TLS 1.2 at least, peer
    /// verification against the system's trust store (and the extra roots), no renegotiation, no
    /// compression, ALPN `http/1.1`. It also keeps the last resumable session of each host, so
    /// the next connection there skips the full handshake (``TLSSessionStore``).
    ///
    /// `@unchecked Sendable`: OpenSSL allows one configured `SSL_CTX` to make connections on any
    /// thread at once; nothing changes it after `init`, and the sessions are under a lock.
    final class TLSContext: @unchecked Sendable {
        let library: OpenSSLLibrary
        /// The `SSL_CTX`.
        let context: UnsafeMutableRawPointer
        /// Pins by host, by one spelling (``HostName/normalized(_:)``).
        let pins: [String: Set<String>]
        /// The last resumable session of each host and port.
        let sessions = TLSSessionStore()

        /// Creates the context; throws ``TLSError/libraryUnavailable(_:)`` without OpenSSL, and
        /// ``TLSError/invalidConfiguration(_:)`` for options it cannot use.
        init(options: HTTP1Transport.TLSOptions) throws(TLSError) {
            let library = try OpenSSLLibrary.system.get()
            guard let context = library.SSL_CTX_new(library.TLS_client_method()) else {
                throw .libraryUnavailable("SSL_CTX_new failed")
            }
            self.library = library
            self.context = context
            self.pins = try Self.pinsByHost(options.pinnedPublicKeys)
            guard library.SSL_CTX_ctrl(context, Constant.setMinimumProtocolVersion, Constant.tls12, nil) == 1,
                library.SSL_CTX_set_default_verify_paths(context) == 1
            else { throw .libraryUnavailable("OpenSSL refused the secure defaults") }
            _ = library.SSL_CTX_set_options(context, Constant.noRenegotiation | Constant.noCompression)
            _ = library.SSL_CTX_ctrl(context, Constant.setMode, Constant.modes, nil)
            _ = library.SSL_CTX_ctrl(context, Constant.setSessionCacheMode, Constant.clientSessionsKeptByCourier, nil)
            library.SSL_CTX_set_verify(context, Constant.verifyPeer, nil)
            let alpn = Array("\u{8}http/1.1".utf8)
            guard library.SSL_CTX_set_alpn_protos(context, alpn, UInt32(alpn.count)) == 0 else {
                throw .libraryUnavailable("OpenSSL refused ALPN")
            }
            try addTrustRoots(options.additionalTrustRoots)
            if let certificate = options.clientCertificate { try use(certificate) }
            library.ERR_clear_error()
        }

        /// `pins` keyed by each host's one spelling (``HostName/matchableKey(_:)``: `[::1]` is `::1`,
        /// `API.example.com.` is `api.example.com`); a key no URL's host can match, or an empty set of
        /// pins, is a configuration error rather than a pin that never applies.
        static func pinsByHost(_ pins: [String: Set<String>]) throws(TLSError) -> [String: Set<String>] {
            var byHost: [String: Set<String>] = [:]
            for (host, digests) in pins {
                guard let key = HostName.matchableKey(host) else {
                    throw .invalidConfiguration("no URL's host can match the pinned host \"\(host)\"")
                }
                guard !digests.isEmpty else {
                    throw .invalidConfiguration("the pins of \"\(host)\" are empty: no key could ever match")
                }
                byHost[key, default: []].formUnion(digests)
            }
            return byHost
        }

        deinit {
            sessions.removeAll()
            library.SSL_CTX_free(context)
        }

        /// A new TLS client for a connection to `host` (the URL's, without brackets, normalized by
        /// ``HostName``, so without a trailing dot, which SNI forbids) that `key` names: SNI and the
        /// name check for a host name, the address check for an IP address, and the host's last
        /// session offered for resumption.
        func makeStream(host: String, key: HTTP1ConnectionPool.Key) throws(TLSError) -> TLSStream {
            guard let ssl = library.SSL_new(context) else { throw .libraryUnavailable("SSL_new failed") }
            let stream: TLSStream
            do {
                stream = try TLSStream(ssl: ssl, host: host, library: library)
            } catch {
                library.SSL_free(ssl)
                throw error
            }
            // The name must be in the certificate's subjectAltName: OpenSSL's default falls back to
            // the subject's common name when there is none, which RFC 6125 and the CA/Browser Forum
            // rule out (a CN is free text a CA may not have checked as a name).
            library.X509_VERIFY_PARAM_set_hostflags(library.SSL_get0_param(ssl), Constant.neverCheckSubject)
            let named: Bool
            if Self.isIPAddress(host) {
                named = library.X509_VERIFY_PARAM_set1_ip_asc(library.SSL_get0_param(ssl), host) == 1
            } else {
                // SNI: SSL_ctrl copies the name, so the C string need only live for the call.
                let sent = host.withCString {
                    library.SSL_ctrl(
                        ssl, Constant.setHostName, Constant.hostNameType, UnsafeMutableRawPointer(mutating: $0))
                }
                named = sent == 1 && library.SSL_set1_host(ssl, host) == 1
            }
            guard named else { throw .invalidConfiguration("OpenSSL cannot check the name \(host)") }
            if let session = sessions.session(for: key), library.SSL_set_session(ssl, session.pointer) == 1 {
                stream.offeredSession = session
            }
            return stream
        }

        /// Keeps `stream`'s session for the next connection to `key`, when the server allows resuming
        /// it, with the digests of the chain its pins were checked against (those of the session
        /// it resumed, when it resumed one): a resumed handshake has no chain of its own.
        func keepSession(of stream: TLSStream, for key: HTTP1ConnectionPool.Key) {
            guard let pointer = stream.resumableSession() else { return }
            let session = TLSSession(pointer: pointer, publicKeyDigests: stream.chainPublicKeyDigests, library: library)
            sessions.keep(session, for: key)
        }

        /// Whether `host` is an IPv4 or IPv6 address rather than a name.
        static func isIPAddress(_ host: String) -> Bool {
            var address = in6_addr()
            return host.withCString { inet_pton(AF_INET, $0, &address) == 1 || inet_pton(AF_INET6, $0, &address) == 1 }
        }
    }
#endif
