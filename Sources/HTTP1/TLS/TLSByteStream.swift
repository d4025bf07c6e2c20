#if os(Linux)
    /// A connection's bytes through TLS (`https://`): the handshake, with the host's pins checked
    /// at its end, then plaintext in and out of a ``TLSStream``.
    ///
    /// `@unchecked Sendable`: used on its connection's event loop's thread only (through the
    /// connection's ``ConnectionSocket``), as its ``TLSStream`` is.
    final class TLSByteStream: ByteStream, @unchecked Sendable {
        let stream: TLSStream
        /// Where the session is kept for the next connection to the host, until it is.
        private var context: TLSContext?
        /// The pin sets the chain must match, each by one key at least: the transport's own for
        /// the host, and the provider's that the request carries (the pool key's).
        private let pinSets: [Set<String>]
        private let key: HTTP1PoolKey

        init(_ stream: TLSStream, context: TLSContext, key: HTTP1PoolKey) {
            self.stream = stream
            self.context = context
            self.pinSets = [context.pins[stream.host], key.requiredPins].compactMap { $0 }
            self.key = key
        }

        func handshake(fd: Int32) -> ByteStreamHandshake {
            switch stream.handshake(fd: fd) {
            case .done:
                if !pinSets.isEmpty, !pinSets.allSatisfy({ stream.chainMatches($0) }) {
                    return .failed(TLSError.publicKeyPinMismatch(host: stream.host))
                }
                return .done
            case .wantsInput: return .wantsInput
            case .wantsOutput: return .wantsOutput
            case .failed(let error): return .failed(error)
            }
        }

        func read(fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> ByteStreamRead {
            switch stream.read(fd: fd, into: buffer) {
            // OpenSSL hands out a record at a time: only `wouldBlock` says the socket is drained.
            case .bytes(let count): .bytes(count, drained: false)
            case .wouldBlock: .wouldBlock
            case .ended(let clean): .ended(truncation: clean ? nil : TLSError.truncatedResponse)
            case .failed(let error): .failed(error)
            }
        }

        func write(fd: Int32, _ bytes: UnsafeRawBufferPointer) -> ByteStreamWrite {
            switch stream.write(fd: fd, bytes) {
            case .wrote(let count): .wrote(count)
            case .blocked: .blocked
            case .closed: .failed
            }
        }

        var isQuiet: Bool { stream.isQuiet }

        /// Gives the session to the context for the host's next connection, once: after the first
        /// answer, when a TLS 1.3 server's tickets (sent after the handshake) have been read.
        func responseCompleted() {
            guard let context else { return }
            self.context = nil
            context.keepSession(of: stream, for: key)
        }

        func close(fd: Int32, because reason: any Error) {
            context = nil
            // After a TLS failure the session is not trusted with another message.
            if !(reason is TLSError) { stream.sendCloseNotify(fd: fd) }
        }
    }
#endif
