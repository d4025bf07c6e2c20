#if os(Linux)
    /// The bytes of one connection as the HTTP code sees them: plain TCP (``PlainByteStream``) or
    /// TLS over it (``TLSByteStream``). The connection reads, writes, runs the opening handshake
    /// and closes through this one interface and never asks which layer it has, as NIOSSL's
    /// handler sits below the HTTP codec.
    ///
    /// Every call returns at once instead of waiting; the event loop says when to try again. Used
    /// only on the connection's event loop's thread, through its ``ConnectionSocket``, on the
    /// socket `fd` the connection owns, and never under a lock.
    protocol ByteStream: AnyObject, Sendable {
        /// One step of the opening handshake; `.done` at once for a layer that has none.
        func handshake(fd: Int32) -> ByteStreamHandshake
        /// One read into `buffer`: plaintext bytes, or why none.
        func read(fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> ByteStreamRead
        /// One write of the start of `bytes`.
        func write(fd: Int32, _ bytes: UnsafeRawBufferPointer) -> ByteStreamWrite
        /// Whether nothing the layer holds waits to be read (the socket is checked apart).
        var isQuiet: Bool { get }
        /// A complete response went to its task: the layer may keep what the next connection to
        /// the host can use (TLS: the session, once).
        func responseCompleted()
        /// Ends the layer before the socket closes because of `reason` (TLS says `close_notify`,
        /// unless TLS itself failed), and frees what it holds.
        func close(fd: Int32, because reason: any Error)
    }

    /// How a step of a byte stream's opening handshake went.
    enum ByteStreamHandshake: Sendable {
        case done
        /// Waits for the server's next bytes.
        case wantsInput
        /// Waits for room in the socket.
        case wantsOutput
        case failed(any Error)
    }

    /// What one read of a byte stream gave.
    enum ByteStreamRead: Sendable {
        /// Bytes at the start of the buffer; `drained` when the socket had no more.
        case bytes(Int, drained: Bool)
        case interrupted
        case wouldBlock
        /// The server closed (or reset) the connection. `truncation` is what an end in the middle
        /// of a response fails with when the layer cannot tell it from an attacker's cut (TLS
        /// without `close_notify`); `nil` when an end is just an end.
        case ended(truncation: (any Error)?)
        /// The layer failed (TLS: an alert, a corrupt record).
        case failed(any Error)
    }

    /// What one write to a byte stream did.
    enum ByteStreamWrite: Sendable {
        /// That many bytes of the start are written (for TLS: encrypted and all on the socket).
        case wrote(Int)
        /// The socket is full: try the same bytes again when it has room.
        case blocked
        case interrupted
        /// The server closed or reset the connection.
        case failed
    }
#endif
