#if os(Linux)
    import Foundation

    /// Why an `https://` call through ``HTTP1Transport`` failed in TLS: each case is one reason,
    /// so an app (and a test) can tell a wrong host from an untrusted certificate.
    ///
    /// The provider wraps it as `CourierError.underlying(TLSError…, nil)`. None of these is retried
    /// or answered from a cache's offline fallback: they are not the network being away.
    public enum TLSError: Error, Sendable, Equatable, LocalizedError {
        /// The system's OpenSSL (`libssl.so.3` or `libssl.so.1.1`) cannot be loaded, or is too old;
        /// the value says which. <doc:/Courier/RoutingTransport> sends `https://` through URLSession then.
        case libraryUnavailable(String)
        /// The ``HTTP1Transport/TLSOptions`` cannot be used (a PEM that does not parse, a key that
        /// does not match its certificate); the value says which.
        case invalidConfiguration(String)
        /// The server's certificate does not chain to a trusted root (self-signed, unknown
        /// issuer); the value is OpenSSL's reason.
        case certificateUntrusted(String)
        /// The server's certificate, or one of its chain, has expired.
        case certificateExpired
        /// The server's certificate, or one of its chain, is not valid yet: its validity starts
        /// later than this machine's clock says it is now (a clock set in the past, often).
        case certificateNotYetValid
        /// The server's certificate is valid, but not for the host of the URL (the value).
        case hostnameMismatch(host: String)
        /// The server offers only protocol versions refused here (anything before TLS 1.2).
        case unsupportedProtocolVersion
        /// The server's chain has no public key pinned for the host (the value) in
        /// ``HTTP1Transport/TLSOptions/pinnedPublicKeys``. No byte of the request was sent.
        case publicKeyPinMismatch(host: String)
        /// The server requires a client certificate, and none (or one it refused) was sent.
        case clientCertificateRequired
        /// The handshake failed for another reason; the value is OpenSSL's.
        case handshakeFailed(String)
        /// The connection ended without TLS's `close_notify` before the response's framing said
        /// it was complete: the end may have been forged, so the body is not trusted.
        case truncatedResponse

        /// What went wrong, in a sentence.
        public var errorDescription: String? {
            switch self {
            case .libraryUnavailable(let reason): "TLS is unavailable: \(reason)"
            case .invalidConfiguration(let reason): "The TLS options cannot be used: \(reason)"
            case .certificateUntrusted(let reason): "The server's certificate is not trusted: \(reason)"
            case .certificateExpired: "The server's certificate has expired"
            case .certificateNotYetValid: "The server's certificate is not valid yet (is this machine's clock right?)"
            case .hostnameMismatch(let host): "The server's certificate is not valid for \(host)"
            case .unsupportedProtocolVersion: "The server offers only TLS versions older than 1.2"
            case .publicKeyPinMismatch(let host): "The server's public key is not one pinned for \(host)"
            case .clientCertificateRequired: "The server requires a client certificate"
            case .handshakeFailed(let reason): "The TLS handshake failed: \(reason)"
            case .truncatedResponse: "The connection ended without TLS close_notify before the response was complete"
            }
        }
    }
#endif
