import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A sentence for a `URLError` that says what failed and with which host.
///
/// On Linux a `URLError` from FoundationNetworking describes itself as
/// `Error Domain=NSURLErrorDomain Code=-1003 "(null)"`: nothing a developer reading a log, or a
/// user reading a toast, can act on.
enum URLErrorDescription {
    static func describe(_ error: URLError) -> String {
        let host = error.failingURL?.host.map { " (\($0))" } ?? ""
        if let own = error.userInfo[NSLocalizedDescriptionKey] as? String, !own.isEmpty {
            return own + host
        }
        return sentence(for: error.code) + host
    }

    private static func sentence(for code: URLError.Code) -> String {
        switch code {
        case .cannotFindHost, .dnsLookupFailed: "the host was not found"
        case .cannotConnectToHost: "the server refused the connection or could not be reached"
        case .timedOut: "the server did not answer in time"
        case .networkConnectionLost: "the connection was lost before the answer was complete"
        case .notConnectedToInternet: "the device is not connected to a network"
        case .secureConnectionFailed: "a secure (TLS) connection could not be established"
        case .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateHasUnknownRoot,
            .serverCertificateNotYetValid:
            "the server's TLS certificate was not trusted"
        case .clientCertificateRejected, .clientCertificateRequired:
            "the server asked for a client certificate that was not accepted"
        case .httpTooManyRedirects: "the server redirected too many times"
        case .badServerResponse: "the server's answer was malformed"
        case .unsupportedURL: "the URL is not supported by this transport"
        case .badURL: "the URL is not valid"
        case .cancelled: "the request was cancelled"
        case .dataLengthExceedsMaximum: "the answer is larger than allowed"
        case .userAuthenticationRequired: "the server asked for authentication"
        default: "URL error \(code.rawValue)"
        }
    }
}
