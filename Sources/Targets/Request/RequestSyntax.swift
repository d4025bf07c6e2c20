import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// RFC 9110's rules for what a request may carry on the wire, checked on UTF-8 bytes.
package enum RequestSyntax {
    /// Headers that frame the message: the transport's to write, never the app's. `Host` is one:
    /// the URL names the host, and every rule that judges a request by its host (pins, cookies,
    /// the cache's key, the cross-origin check of redirects) reads it there; a `Host` of the app's
    /// would send the request to one host in the name of another.
    package static let framingHeaders: Set<String> = [
        "content-length", "transfer-encoding", "connection", "keep-alive", "proxy-connection", "upgrade", "te", "host",
    ]

    /// Whether `text` is a non-empty RFC 9110 token (`1*tchar`).
    package static func isToken(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in !bytes.isEmpty && bytes.allSatisfy(isTokenCharacter) }
    }

    /// Whether `value` may stand as a field value: no control character but tab (so no NUL, CR
    /// or LF), no DEL. Bytes above 127 are RFC 9110's obs-text and pass.
    package static func isFieldValue(_ value: String) -> Bool {
        var value = value
        return value.withUTF8 { bytes in
            !bytes.contains { ($0 < 0x20 && $0 != UInt8(ascii: "\t")) || $0 == 0x7F }
        }
    }

    /// Throws when `name: value` cannot be written as one header line.
    package static func checkHeader(name: String, value: String) throws(InvalidRequestError) {
        guard isToken(name) else { throw InvalidRequestError(.headerName(name)) }
        guard isFieldValue(value) else { throw InvalidRequestError(.headerValue(name: name)) }
    }

    /// Throws when `request` would not go to the wire as it reads: a method that is not a token,
    /// a header that is not one line, or a framing header.
    package static func check(_ request: URLRequest) throws(InvalidRequestError) {
        if let method = request.httpMethod, !isToken(method) { throw InvalidRequestError(.method(method)) }
        guard let headers = request.allHTTPHeaderFields else { return }
        for (name, value) in headers {
            try checkHeader(name: name, value: value)
            if isFramingHeader(name) { throw InvalidRequestError(.framingHeader(name: name)) }
        }
    }

    /// Whether `name` is one of ``framingHeaders``, in any letter case.
    package static func isFramingHeader(_ name: String) -> Bool {
        framingHeaders.contains { name.caseInsensitiveEquals($0) }
    }

    /// `tchar`: the characters of a token (RFC 9110 §5.6.2).
    package static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }
}
