import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The kind of a failure, as a user would tell them apart: each kind has its own message in
/// ``StatusMessages``.
public enum StatusMessageKind: Sendable, Hashable, CaseIterable {
    /// The business envelope reported a failure (`CourierError.business`); the server's own
    /// message is shown when it sent one.
    case business
    /// The device is offline or the connection was lost.
    case offline
    /// The server's host cannot be found or refuses connections.
    case cannotConnect
    /// The call timed out.
    case timeout
    /// The server failed: a `5xx` status.
    case serverError
    /// The server refused the request: a `4xx` status other than a session expiry.
    case clientError
    /// The session expired or the user is not logged in (`CourierError.sessionExpired`).
    case sessionExpired
    /// The response could not be read: not JSON, not the expected shape, no payload.
    case unreadableResponse
    /// The request could not be made: a bad URL, parameters that cannot be encoded, a file to
    /// upload that cannot be read.
    case invalidRequest
    /// The call was cancelled; no message by default, since the user or the app chose it.
    case cancelled
    /// Any other failure.
    case other

    /// The kind of `error`.
    ///
    /// A failure that carries a `5xx` response is a ``serverError`` even when it is a decoding
    /// error: the HTML error page of a crashed backend is not an "unreadable response" to the user.
    public init(_ error: CourierError) {
        switch error {
        case .business: self = .business
        case .sessionExpired: self = .sessionExpired
        case .requestMapping, .parameterEncoding, .encodableMapping: self = .invalidRequest
        case .statusCode(let response):
            self = (500..<600).contains(response.statusCode) ? .serverError : .clientError
        case .jsonMapping(let response), .stringMapping(let response), .objectMapping(_, let response),
            .payloadMissing(let response):
            self = (500..<600).contains(response.statusCode) ? .serverError : .unreadableResponse
        case .underlying(let underlying, let response):
            self = Self.kind(ofTransportError: underlying, response: response)
        }
    }

    private static func kind(ofTransportError error: any Error, response: Response?) -> StatusMessageKind {
        if error is CancellationError { return .cancelled }
        if error is UploadBodyError { return .invalidRequest }
        if let urlError = error as? URLError {
            switch urlError.code {
            case .cancelled: return .cancelled
            case .timedOut: return .timeout
            case .notConnectedToInternet, .networkConnectionLost, .dataNotAllowed, .internationalRoamingOff:
                return .offline
            case .cannotFindHost, .cannotConnectToHost, .dnsLookupFailed: return .cannotConnect
            default: break
            }
        }
        if let response, (500..<600).contains(response.statusCode) { return .serverError }
        return .other
    }
}
