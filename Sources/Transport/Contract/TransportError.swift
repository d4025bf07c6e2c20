import CourierTargets
import Foundation

/// Failures a transport reports beyond `URLError`.
public enum TransportError: Error, Sendable, Equatable, LocalizedError {
    /// The response body grew past the configured limit; the transfer was stopped.
    case responseTooLarge(limit: Int64)
    /// The server's answer was not an HTTP response.
    case notHTTP
    /// The server sent a body in this content coding (`gzip`, `br`…) although the request asked
    /// for none, and its decoded size could pass the response size limit: `URLSessionTransport` on
    /// Linux, where libcurl inflates the codings it knows before they can be counted (a `gzip` body
    /// small enough that even fully inflated it fits is accepted, and a coding libcurl does not
    /// inflate is not refused); the transfer was stopped.
    case unrequestedContentEncoding(String)
    /// The body is not valid data in the content coding its `Content-Encoding` names (`gzip`
    /// or `deflate`, the value), or it ended before its compressed stream did.
    case invalidContentCoding(String)
    /// The host is pinned (``PublicKeyPins``) and the request would reach it where its pins cannot
    /// be checked: over plain `http://`, or through a transport that cannot check them
    /// (`URLSessionTransport` on Linux, a proxy, a transport of the app's); nothing was sent.
    case pinnedHostUnverifiable(host: String)
    /// No key of the certificate chain the host presented has one of its pins
    /// (`URLSessionTransport` on Apple platforms; the native transport reports `TLSError`'s case of
    /// the same name); nothing was sent.
    case publicKeyPinMismatch(host: String)

    /// What went wrong, in a sentence.
    public var errorDescription: String? {
        switch self {
        case .responseTooLarge(let limit):
            "The response body is larger than the limit of \(limit) bytes; the transfer was stopped."
        case .notHTTP:
            "The server's answer is not an HTTP response."
        case .unrequestedContentEncoding(let coding):
            "The server sent a \(coding)-encoded body that was not asked for; it was refused, as its decoded "
                + "size could not be bounded."
        case .invalidContentCoding(let coding):
            "The response's body is not valid \(coding) data, or it ends before its compressed stream does."
        case .publicKeyPinMismatch(let host):
            "The certificate of \(host) has none of the public keys pinned for it; nothing was sent."
        case .pinnedHostUnverifiable(let host):
            "\(host) is pinned, and this request would reach it where its pins cannot be checked (plain HTTP, a "
                + "proxy, or a transport that cannot check pins); nothing was sent."
        }
    }
}
