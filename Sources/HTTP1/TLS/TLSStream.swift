#if os(Linux)
    import Glibc

    /// The TLS client of one connection. OpenSSL works between two memory buffers here, never on
    /// the socket: this type moves the ciphertext with `recv` and `send` (with `MSG_NOSIGNAL`,
    /// so a server that hangs up never raises `SIGPIPE`, which OpenSSL's own socket I/O would),
    /// and every call returns instead of waiting, so the connection's event loop drives the
    /// handshake and the I/O as it drives plain sockets.
    ///
    /// `@unchecked Sendable`: an `SSL` may be used by one thread at a time; the connection only
    /// touches its stream under its lock.
    final class TLSStream: @unchecked Sendable {
        let library: OpenSSLLibrary
        let ssl: UnsafeMutableRawPointer
        /// The host of the URL, for the errors that name it.
        let host: String
        /// Ciphertext from the socket, for OpenSSL to read (owned by `ssl`).
        private let incoming: UnsafeMutableRawPointer
        /// Ciphertext from OpenSSL, for the socket (owned by `ssl`).
        private let outgoing: UnsafeMutableRawPointer
        /// Ciphertext taken from `outgoing` that the socket has not accepted yet.
        private var unsent: [UInt8] = []
        private var unsentOffset = 0
        /// Plaintext bytes OpenSSL took for a write whose ciphertext is still in `unsent`.
        private var acceptedPlaintext = 0
        /// Whether the server ended with `close_notify`.
        private(set) var receivedCloseNotify = false
        /// The session offered for resumption, with the chain verified when it was made.
        var offeredSession: TLSSession?
        /// The digests of the public keys of the chain the pins were checked against (see
        /// ``chainMatches(_:)``); empty for a host that is not pinned.
        var chainPublicKeyDigests: Set<String> = []

        /// How a step of the handshake went.
        enum HandshakeStep: Equatable {
            case done
            case wantsInput
            case wantsOutput
            case failed(TLSError)
        }

        /// What a read gave.
        enum ReadOutcome {
            /// Plaintext bytes, at the start of the buffer.
            case bytes(Int)
            /// Nothing more until the socket is readable again.
            case wouldBlock
            /// The connection ended; `clean` when the server sent `close_notify` first.
            case ended(clean: Bool)
            /// A TLS error: an alert from the server, a corrupt record.
            case failed(TLSError)
        }

        /// What a write did.
        enum WriteOutcome {
            /// This many plaintext bytes are on their way in full.
            case wrote(Int)
            /// The socket is full: try again, with the same bytes, when it is writable.
            case blocked
            /// The socket failed (the server closed or reset it); `errno`.
            case closed(Int32)
        }

        init(ssl: UnsafeMutableRawPointer, host: String, library: OpenSSLLibrary) throws(TLSError) {
            guard let incoming = library.BIO_new(library.BIO_s_mem()) else {
                throw .libraryUnavailable("BIO_new failed")
            }
            guard let outgoing = library.BIO_new(library.BIO_s_mem()) else {
                _ = library.BIO_free(incoming)
                throw .libraryUnavailable("BIO_new failed")
            }
            self.library = library
            self.ssl = ssl
            self.host = host
            self.incoming = incoming
            self.outgoing = outgoing
            library.SSL_set_bio(ssl, incoming, outgoing)
            library.SSL_set_connect_state(ssl)
        }

        deinit {
            library.SSL_free(ssl)
        }

        // MARK: Handshake

        /// Advances the handshake as far as the socket allows.
        func handshake(fd: Int32) -> HandshakeStep {
            while true {
                library.ERR_clear_error()
                let result = library.SSL_do_handshake(ssl)
                let code = result == 1 ? 0 : library.SSL_get_error(ssl, result)
                switch flush(fd) {
                case .failure: return .failed(.handshakeFailed("the server closed the connection during the handshake"))
                case .success(false): return .wantsOutput
                case .success(true): break
                }
                if result == 1 { return .done }
                guard code == Constant.errorWantRead else { return .failed(failure(code: code)) }
                let received = withUnsafeTemporaryAllocation(byteCount: Self.recordSize, alignment: 16) {
                    receive(fd, through: $0)
                }
                switch received {
                case .received: continue
                case .wouldBlock: return .wantsInput
                case .ended: return .failed(.handshakeFailed("the server closed the connection during the handshake"))
                }
            }
        }

        // MARK: Reading and writing

        /// Reads plaintext into `buffer`, taking ciphertext from the socket as OpenSSL needs it.
        func read(fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> ReadOutcome {
            guard let base = buffer.baseAddress else { return .wouldBlock }
            let count = Int32(clamping: buffer.count)
            while true {
                library.ERR_clear_error()
                let result = library.SSL_read(ssl, base, count)
                if result > 0 {
                    // A key update's answer, if reading produced one; what the socket refuses goes with the next write.
                    _ = flush(fd)
                    return .bytes(Int(result))
                }
                let code = library.SSL_get_error(ssl, result)
                if code == Constant.errorZeroReturn {
                    receivedCloseNotify = true
                    return .ended(clean: true)
                }
                guard code == Constant.errorWantRead else {
                    return TLSFailure.readFailure(code: code, library: library).map { .failed($0) }
                        ?? .ended(clean: false)
                }
                // The ciphertext passes through the caller's buffer: no allocation per record.
                switch receive(fd, through: buffer) {
                case .received: continue
                case .wouldBlock: return .wouldBlock
                case .ended: return .ended(clean: receivedCloseNotify)
                }
            }
        }

        /// Encrypts up to a record of `bytes` and sends it; reports the plaintext count only once
        /// all of its ciphertext is on the socket, so a blocked write is retried with the same bytes.
        func write(fd: Int32, _ bytes: UnsafeRawBufferPointer) -> WriteOutcome {
            if acceptedPlaintext == 0 {
                guard let base = bytes.baseAddress, !bytes.isEmpty else { return .wrote(0) }
                library.ERR_clear_error()
                let result = library.SSL_write(ssl, base, Int32(min(bytes.count, Self.recordSize)))
                guard result > 0 else { return .closed(EPIPE) }
                acceptedPlaintext = Int(result)
            }
            switch flush(fd) {
            case .failure(let error): return .closed(error.code)
            case .success(false): return .blocked
            case .success(true):
                defer { acceptedPlaintext = 0 }
                return .wrote(acceptedPlaintext)
            }
        }

        /// Sends `close_notify`, as far as the socket takes it without waiting: a connection that
        /// ends without it leaves OpenSSL taking its session for a bad one, never to be resumed.
        func sendCloseNotify(fd: Int32) {
            guard library.SSL_is_init_finished(ssl) == 1 else { return }
            library.ERR_clear_error()
            _ = library.SSL_shutdown(ssl)
            _ = flush(fd)
            library.ERR_clear_error()
        }

        /// Whether nothing is waiting to be read: no plaintext decrypted, no ciphertext buffered.
        var isQuiet: Bool {
            library.SSL_pending(ssl) == 0 && library.BIO_ctrl_pending(incoming) == 0
        }

        /// The session, with a reference for the caller, when it can be resumed.
        func resumableSession() -> UnsafeMutableRawPointer? {
            guard let session = library.SSL_get1_session(ssl) else { return nil }
            guard library.SSL_SESSION_is_resumable(session) == 1 else {
                library.SSL_SESSION_free(session)
                return nil
            }
            return session
        }

        /// Whether the handshake resumed an earlier session.
        var resumedSession: Bool { library.SSL_session_reused(ssl) == 1 }

        /// The largest plaintext OpenSSL puts in one record.
        private static let recordSize = 16 * 1024

        // MARK: Moving ciphertext

        private enum Received {
            case received
            case wouldBlock
            case ended
        }

        /// Moves what the socket has into `incoming`, by way of `buffer`.
        private func receive(_ fd: Int32, through buffer: UnsafeMutableRawBufferPointer) -> Received {
            guard let base = buffer.baseAddress else { return .ended }
            while true {
                let count = recv(fd, base, min(buffer.count, Int(Int32.max)), 0)
                if count > 0 {
                    _ = library.BIO_write(incoming, base, Int32(count))
                    return .received
                }
                if count < 0, errno == EINTR { continue }
                if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { return .wouldBlock }
                return .ended
            }
        }

        /// Sends what OpenSSL wrote; `true` when nothing is left, the `errno` when the socket failed.
        private func flush(_ fd: Int32) -> Result<Bool, SocketError> {
            if unsentOffset == unsent.count {
                unsent.removeAll(keepingCapacity: true)
                unsentOffset = 0
                let pending = library.BIO_ctrl_pending(outgoing)
                guard pending > 0 else { return .success(true) }
                unsent = [UInt8](unsafeUninitializedCapacity: pending) { buffer, count in
                    count = max(0, Int(library.BIO_read(outgoing, buffer.baseAddress, Int32(clamping: pending))))
                }
            }
            while unsentOffset < unsent.count {
                let sent = unsent.withUnsafeBytes { bytes in
                    send(
                        fd, bytes.baseAddress.map { $0 + unsentOffset }, unsent.count - unsentOffset,
                        Int32(MSG_NOSIGNAL))
                }
                if sent >= 0 {
                    unsentOffset += sent
                    continue
                }
                let code = errno
                if code == EINTR { continue }
                if code == EAGAIN || code == EWOULDBLOCK { return .success(false) }
                return .failure(SocketError(code: code))
            }
            return flush(fd)
        }

        /// A socket's `errno`.
        struct SocketError: Error {
            let code: Int32
        }

        /// The error for a failed OpenSSL call whose `SSL_get_error` was `code`.
        private func failure(code: Int32) -> TLSError {
            TLSFailure.classify(ssl: ssl, host: host, code: code, library: library)
        }
    }
#endif
