#if os(Linux)
    import CourierTransport

    /// A resumable TLS session and what its full handshake proved: the digests of the public
    /// keys of the chain verified then. A resumed handshake sends no certificate, so OpenSSL has
    /// no verified chain for it; pins are checked against these instead.
    ///
    /// `@unchecked Sendable`: an `SSL_SESSION` is reference counted by OpenSSL, and this object
    /// only holds one reference and hands the pointer to `SSL_set_session`, which takes its own.
    final class TLSSession: @unchecked Sendable {
        private let library: OpenSSLLibrary
        /// The `SSL_SESSION`; this object owns one reference to it.
        let pointer: UnsafeMutableRawPointer
        /// The Base64 SHA-256 digests of the `SubjectPublicKeyInfo` of every certificate of the
        /// chain verified when the session was made; empty for a host that is not pinned.
        let publicKeyDigests: Set<String>

        /// Takes over the reference to `pointer` the caller holds.
        init(pointer: UnsafeMutableRawPointer, publicKeyDigests: Set<String>, library: OpenSSLLibrary) {
            self.library = library
            self.pointer = pointer
            self.publicKeyDigests = publicKeyDigests
        }

        deinit {
            library.SSL_SESSION_free(pointer)
        }
    }

    /// The last resumable session of each host and port, offered by the next connection there.
    final class TLSSessionStore: Sendable {
        private let sessions = LockedState<[HTTP1ConnectionPool.Key: TLSSession]>([:])

        /// The session to offer for a new connection to `key`, if one is kept.
        func session(for key: HTTP1ConnectionPool.Key) -> TLSSession? {
            sessions.withLock { $0[key] }
        }

        /// Keeps `session` for the next connection to `key`, in place of the one kept before.
        func keep(_ session: TLSSession, for key: HTTP1ConnectionPool.Key) {
            // The session replaced is returned, so that it is freed once the lock is released.
            _ = sessions.withLock { $0.updateValue(session, forKey: key) }
        }

        /// Forgets every session (at a context's end, before its `SSL_CTX` is freed).
        func removeAll() {
            // As in keep(_:for:): the sessions are freed once the lock is released.
            _ = sessions.withLock { sessions in
                defer { sessions = [:] }
                return sessions
            }
        }
    }
#endif
