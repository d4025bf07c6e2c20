#if os(Linux)
    import CourierTransport
    import Foundation

    /// What a connection needs to speak TLS: the transport's context and the URL's host.
    struct TLSSetup: Sendable {
        let context: TLSContext
        /// The URL's host, without IPv6 brackets, by one spelling (``HostName/normalized(_:)``): the
        /// name sent as SNI, checked against the certificate and looked up in the pins.
        let host: String
    }

    extension HTTP1Connection {
        /// Puts TLS over a connection whose TCP handshake ended (still `connecting`): the one place
        /// the connection learns it speaks TLS; the rest goes through its ``ByteStream``. The
        /// OpenSSL session is made on the loop's thread, as every later call on it is.
        func secure(with setup: TLSSetup) async throws {
            let key = key
            try await handshake {
                let stream = try setup.context.makeStream(host: setup.host, key: key)
                return TLSByteStream(stream, context: setup.context, key: key)
            }
        }
    }
#endif
