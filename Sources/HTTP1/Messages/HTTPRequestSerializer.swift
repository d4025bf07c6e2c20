import CourierTargets
import CourierTransport
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Writes the head of an HTTP/1.1 request (RFC 9112 §3): request line, `Host`, the request's
/// own headers, and the framing headers this transport owns.
///
/// Nothing that comes from the request can add a line: a method that is not a token, a header
/// name that is not a token, a value with a control character (CR, LF, NUL, …) or a path with
/// a control character or a space is refused with an ``HTTPRequestError``. Non-ASCII bytes in
/// the path are percent-encoded.
enum HTTPRequestSerializer {
    /// The parts of a URL this transport needs, checked once.
    struct Target: Sendable, Equatable {
        /// The host to resolve, without IPv6 brackets.
        var host: String
        /// The port to connect to: the URL's, or the scheme's (80, or 443 for `https`).
        var port: Int
        /// Whether the URL is `https://`, so the connection speaks TLS.
        var isSecure: Bool
        /// The `Host` header value: the host (bracketed when IPv6), with the port unless it is
        /// the scheme's.
        var authority: String
        /// The origin-form request target: the path (`/` when empty) and the query.
        var requestTarget: [UInt8]

        /// The target of `url`, which must be `http://` or `https://` with a host of ASCII
        /// letters, digits, `-`, `.`, `_` (or an IPv6 literal).
        init(url: URL?) throws(HTTPRequestError) {
            guard let url, let isSecure = Self.security(of: url), let host = url.host(percentEncoded: true) else {
                throw .unsupportedURL(url)
            }
            let defaultPort = isSecure ? 443 : 80
            let port = url.port ?? defaultPort
            self.host = host
            self.port = port
            self.isSecure = isSecure
            let bracketed = host.utf8.contains(UInt8(ascii: ":")) ? "[\(host)]" : host
            self.authority = port == defaultPort ? bracketed : "\(bracketed):\(port)"
            var path = url.path(percentEncoded: true)
            if path.isEmpty { path = "/" }
            var target = try Self.encodedTarget(path)
            if let query = url.query(percentEncoded: true) {
                target.append(UInt8(ascii: "?"))
                target.append(contentsOf: try Self.encodedTarget(query))
            }
            self.requestTarget = target
        }

        /// The pool's key for connections to this target: its host by one spelling (``HostName``),
        /// so `API.example.com.` and `api.example.com` share connections and TLS sessions.
        var key: HTTP1PoolKey {
            HTTP1PoolKey(host: HostName.normalized(host), port: port, isSecure: isSecure)
        }

        /// Whether `url` is `http://` or `https://` with a host this transport can connect to
        /// and a valid port.
        static func supports(_ url: URL) -> Bool { security(of: url) != nil }

        /// `true` for a supported `https://` URL, `false` for a supported `http://` one, `nil`
        /// for any other.
        static func security(of url: URL) -> Bool? {
            guard let scheme = url.scheme, let host = url.host(percentEncoded: true), !host.isEmpty,
                host.utf8.allSatisfy(isHostCharacter)
            else { return nil }
            let isSecure: Bool
            if scheme.caseInsensitiveEquals("http") {
                isSecure = false
            } else if scheme.caseInsensitiveEquals("https") {
                isSecure = true
            } else {
                return nil
            }
            return (1...65_535).contains(url.port ?? (isSecure ? 443 : 80)) ? isSecure : nil
        }

        private static func isHostCharacter(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: ":"):
                true
            default:
                false
            }
        }

        /// `text` as request-target bytes: controls and spaces refused, non-ASCII percent-encoded.
        static func encodedTarget(_ text: String) throws(HTTPRequestError) -> [UInt8] {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(text.utf8.count)
            let hex = Array("0123456789ABCDEF".utf8)
            for byte in text.utf8 {
                if byte <= HTTPSyntax.space || byte == 0x7F || byte == UInt8(ascii: "#") {
                    throw .invalidRequestTarget
                }
                if byte >= 0x80 {
                    bytes.append(UInt8(ascii: "%"))
                    bytes.append(hex[Int(byte >> 4)])
                    bytes.append(hex[Int(byte & 0x0F)])
                } else {
                    bytes.append(byte)
                }
            }
            return bytes
        }
    }

    /// Methods whose requests carry `Content-Length: 0` even without a body, as curl and
    /// URLSession send them.
    private static let methodsWithBody: Set<String> = ["POST", "PUT", "PATCH"]

    /// The request head for `request`, sent to `target`, with a body of `bodyLength` bytes.
    ///
    /// - `Host` comes first (RFC 9110 §7.2): the URL's authority unless the request sets its own
    ///   (checked like any header).
    /// - `Content-Length` is always this transport's: any `Content-Length` or `Transfer-Encoding`
    ///   the request sets is dropped, so the framing cannot disagree with the bytes sent.
    /// - `Accept: */*` and `User-Agent: userAgent` are added when absent, and
    ///   `Accept-Encoding: acceptEncoding` (what the chain's decoding link asks for,
    ///   ``TransportRequest/acceptEncoding``) when it is given and the request names none.
    /// - `Content-Type: application/x-www-form-urlencoded` is added to a `POST` whose body is its
    ///   non-empty `httpBody` and that names no type, as URLSession (libcurl) sends it. Nothing
    ///   else gets a type it did not ask for: a `PUT` or `PATCH` body, or an upload, would
    ///   otherwise be parsed as a form by the server. (Courier's form bodies name their own type.)
    static func head(
        for request: URLRequest, target: Target, bodyLength: Int64, userAgent: String,
        acceptEncoding: String? = nil
    ) throws(HTTPRequestError) -> [UInt8] {
        try head(
            method: request.httpMethod ?? "GET", target: target, fields: request.allHTTPHeaderFields ?? [:],
            bodyLength: bodyLength, userAgent: userAgent, bodyIsHTTPBody: request.httpBody != nil,
            acceptEncoding: acceptEncoding)
    }

    /// The request head for `method` and header `fields`; see ``head(for:target:bodyLength:userAgent:acceptEncoding:)``.
    /// `bodyIsHTTPBody` tells a data call's body from an upload's, which gets no default type.
    static func head(
        method: String, target: Target, fields: [String: String], bodyLength: Int64, userAgent: String,
        bodyIsHTTPBody: Bool = true, acceptEncoding: String? = nil
    ) throws(HTTPRequestError) -> [UInt8] {
        guard HTTPSyntax.isToken(method.utf8) else { throw .invalidMethod(method) }

        var head: [UInt8] = []
        head.reserveCapacity(256 + target.requestTarget.count + fields.count * 48)
        head.append(contentsOf: method.utf8)
        head.append(HTTPSyntax.space)
        head.append(contentsOf: target.requestTarget)
        head.append(contentsOf: " HTTP/1.1\r\n".utf8)

        var hasHost = false
        for (name, value) in fields where name.caseInsensitiveEquals("Host") {
            guard value.utf8.allSatisfy(isFieldValueByte) else { throw .invalidHeaderValue(name: name) }
            hasHost = true
            append(name, value, to: &head)
        }
        if !hasHost { append("Host", target.authority, to: &head) }

        var hasAccept = false
        var hasUserAgent = false
        var hasContentType = false
        var hasAcceptEncoding = false
        for (name, value) in fields {
            guard HTTPSyntax.isToken(name.utf8) else { throw .invalidHeaderName(name) }
            guard value.utf8.allSatisfy(isFieldValueByte) else { throw .invalidHeaderValue(name: name) }
            if name.caseInsensitiveEquals("Content-Length") || name.caseInsensitiveEquals("Transfer-Encoding")
                || name.caseInsensitiveEquals("Host")
            {
                continue
            }
            hasAccept = hasAccept || name.caseInsensitiveEquals("Accept")
            hasUserAgent = hasUserAgent || name.caseInsensitiveEquals("User-Agent")
            hasContentType = hasContentType || name.caseInsensitiveEquals("Content-Type")
            hasAcceptEncoding = hasAcceptEncoding || name.caseInsensitiveEquals("Accept-Encoding")
            append(name, value, to: &head)
        }
        if !hasAccept { append("Accept", "*/*", to: &head) }
        if !hasUserAgent { append("User-Agent", userAgent, to: &head) }
        if !hasAcceptEncoding, let acceptEncoding { append("Accept-Encoding", acceptEncoding, to: &head) }
        if bodyLength > 0, bodyIsHTTPBody, !hasContentType, method.caseInsensitiveEquals("POST") {
            append("Content-Type", "application/x-www-form-urlencoded", to: &head)
        }
        if bodyLength > 0 || methodsWithBody.contains(method.uppercased()) {
            append("Content-Length", String(bodyLength), to: &head)
        }
        head.append(contentsOf: "\r\n".utf8)
        return head
    }

    /// A byte allowed in a field value: visible ASCII, space, tab, or obs-text (RFC 9110 §5.5).
    private static func isFieldValueByte(_ byte: UInt8) -> Bool {
        byte == HTTPSyntax.tab || (byte >= HTTPSyntax.space && byte != 0x7F)
    }

    private static func append(_ name: String, _ value: String, to head: inout [UInt8]) {
        head.append(contentsOf: name.utf8)
        head.append(HTTPSyntax.colon)
        head.append(HTTPSyntax.space)
        head.append(contentsOf: value.utf8)
        head.append(HTTPSyntax.cr)
        head.append(HTTPSyntax.lf)
    }
}
