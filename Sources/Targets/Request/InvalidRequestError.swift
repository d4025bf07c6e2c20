import Foundation

/// A request the provider refused to send, because a transport would have written it to the
/// wire as something other than what it says.
///
/// A CR or LF in a header value, or a method that is not a token, lets whoever chose that text
/// end the request early and start another one on the same connection (request smuggling). The
/// provider checks every request after the plugins' `prepare` and before any transport or stub
/// sees it, and fails the call with `CourierError.underlying(InvalidRequestError, nil)`.
///
/// ```swift
/// do {
///     _ = try await provider.request(.profile)
/// } catch CourierError.underlying(let error as InvalidRequestError, _) {
///     print(error.reason)  // headerValue(name: "X-Device-Name")
/// }
/// ```
public struct InvalidRequestError: Error, Sendable, Equatable, LocalizedError {
    /// What is wrong with the request.
    public enum Reason: Sendable, Equatable {
        /// The method is not an RFC 9110 token (letters, digits and a few symbols such as `-`, `_`, `.`, `!`).
        case method(String)
        /// A header name is not an RFC 9110 token (empty, or with a space, colon or control
        /// character).
        case headerName(String)
        /// A header's value holds a control character: NUL, CR, LF or any other below space
        /// except tab, or DEL. The value itself is left out: it may be a secret.
        case headerValue(name: String)
        /// A header that frames the message on the wire (`Content-Length`, `Transfer-Encoding`,
        /// `Connection`, `Keep-Alive`, `Proxy-Connection`, `Upgrade`, `TE`, `Host`): the transport
        /// writes these from the body it sends and the URL, so an app's value could only disagree
        /// with them.
        case framingHeader(name: String)
    }

    /// What is wrong with the request.
    public let reason: Reason

    /// Creates the error for `reason`.
    package init(_ reason: Reason) {
        self.reason = reason
    }

    /// What was refused, in a sentence; a method or header name is shown with its control
    /// characters escaped.
    public var errorDescription: String? {
        switch reason {
        case .method(let method):
            "Refused to send a request whose method \(String(reflecting: method)) is not an HTTP token."
        case .headerName(let name):
            "Refused to send a request with the header name \(String(reflecting: name)), which is not an HTTP token."
        case .headerValue(let name):
            "Refused to send a request whose \(String(reflecting: name)) header value holds a control character "
                + "(CR, LF, NUL or another): it could smuggle a second request."
        case .framingHeader(let name):
            "Refused to send a request with a \(name) header: message framing is the transport's, "
                + "which writes it from the body it sends."
        }
    }
}
