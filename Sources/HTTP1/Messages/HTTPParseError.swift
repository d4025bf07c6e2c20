import CourierTransport
import Foundation

/// A response that does not follow HTTP/1.1 (RFC 9112), as reported by `HTTP1Transport`.
///
/// The provider wraps it as `CourierError.underlying(HTTPParseError…, nil)`. A connection
/// that ends before the response is complete is not a parse error: it is reported as
/// `URLError(.networkConnectionLost)`, as `URLSessionTransport` reports it.
public enum HTTPParseError: Error, Sendable, Equatable, LocalizedError {
    /// The first line is not `HTTP/1.x <3-digit status> <reason>`.
    case invalidStatusLine
    /// A header line has no colon, an empty or invalid name, or whitespace before the colon.
    case invalidHeaderLine
    /// A header value holds a NUL or a bare carriage return.
    case invalidHeaderValue(name: String)
    /// The status line and headers (or the trailers) are longer than the limit, in bytes.
    case headerTooLarge(limit: Int)
    /// There are more header (or trailer) fields than the limit.
    case tooManyHeaders(limit: Int)
    /// `Content-Length` is not a number, or several differ.
    case invalidContentLength
    /// A chunk-size line of a chunked body is malformed or too long, or a chunk does not end
    /// with CRLF.
    case invalidChunk
    /// The server sent more interim (`1xx`) responses than the limit.
    case tooManyInformationalResponses(limit: Int)
    /// The response's `Transfer-Encoding` frames no body for certain: it names `chunked` more than
    /// once (RFC 9112 §6.1 forbids it) or names no coding; the value is the codings as sent,
    /// joined with `", "`. Any other coding is no error: the chunked framing is removed and the
    /// rest stays on the body, which comes up with its `Transfer-Encoding` (a last coding other than
    /// `chunked` is read until the server closes the connection, RFC 9112 §6.3).
    case unsupportedTransferCoding(String)
    /// The connection ended before the response was complete.
    case unexpectedEndOfStream

    /// What is wrong with the response, in a sentence.
    public var errorDescription: String? {
        switch self {
        case .invalidStatusLine:
            "The server's answer does not start with an HTTP/1.x status line."
        case .invalidHeaderLine:
            "The response has a malformed header line."
        case .invalidHeaderValue(let name):
            "The response header \(name) has a value with forbidden characters."
        case .headerTooLarge(let limit):
            "The response headers are larger than the limit of \(limit) bytes."
        case .tooManyHeaders(let limit):
            "The response has more than \(limit) header fields."
        case .invalidContentLength:
            "The response has an invalid Content-Length."
        case .invalidChunk:
            "The response's chunked body is malformed."
        case .tooManyInformationalResponses(let limit):
            "The server sent more than \(limit) interim (1xx) responses."
        case .unsupportedTransferCoding(let codings):
            "The response's Transfer-Encoding does not say where its body ends: \(codings)."
        case .unexpectedEndOfStream:
            "The connection ended before the response was complete."
        }
    }
}

/// A request that `HTTP1Transport` refuses to send because it cannot be written as valid
/// HTTP/1.1: sending it would let a header name, a value or the path inject other headers or
/// another request.
public enum HTTPRequestError: Error, Sendable, Equatable, LocalizedError {
    /// The method is not an HTTP token (RFC 9110 §5.6.2).
    case invalidMethod(String)
    /// A header name is not an HTTP token.
    case invalidHeaderName(String)
    /// A header value holds CR, LF, NUL or another control character.
    case invalidHeaderValue(name: String)
    /// The path or query holds a control character or a space.
    case invalidRequestTarget
    /// The URL is not `http://` with a host, so this transport cannot send it.
    case unsupportedURL(URL?)
    /// The body is an `httpBodyStream`, which this transport does not read.
    case unsupportedBodyStream
    /// The environment names an HTTP proxy for this URL (`http_proxy` or `all_proxy`, and the
    /// host is not in `no_proxy`). This transport does not speak to proxies, and going straight
    /// to the server would bypass one the machine requires: <doc:/Courier/RoutingTransport> and
    /// <doc:/Courier/URLSessionTransport> send such requests through it.
    case proxyNotSupported(URL?)

    /// What is wrong with the request, in a sentence.
    public var errorDescription: String? {
        switch self {
        case .invalidMethod(let method):
            "The HTTP method \(method.debugDescription) is not a valid token."
        case .invalidHeaderName(let name):
            "The header name \(name.debugDescription) is not a valid token."
        case .invalidHeaderValue(let name):
            "The value of header \(name) contains a control character (CR, LF or NUL)."
        case .invalidRequestTarget:
            "The URL's path or query contains a control character or a space."
        case .unsupportedURL(let url):
            "The native HTTP/1.1 transport only sends http:// URLs with a host, not \(url?.absoluteString ?? "nil")."
        case .unsupportedBodyStream:
            "The native HTTP/1.1 transport does not send httpBodyStream bodies."
        case .proxyNotSupported(let url):
            "A proxy is configured for \(url?.absoluteString ?? "nil") (http_proxy or all_proxy), and the native "
                + "HTTP/1.1 transport does not use proxies: send it through RoutingTransport or URLSessionTransport, "
                + "or list the host in no_proxy."
        }
    }
}
