import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Stable numbers and short user-facing messages for every ``CourierError``, so an app can log
/// a number, branch on it, and show a sentence without writing its own `switch`.
///
/// The numbers never change once published; a new case or a finer split gets a new number.
/// The first digit is the stage that failed:
///
/// | Code | Error | User message |
/// |------|-------|--------------|
/// | 1001 | `.requestMapping` | The request could not be made. |
/// | 1002 | `.parameterEncoding` | The request could not be made. |
/// | 1003 | `.encodableMapping` | The request could not be made. |
/// | 1004 | `.underlying`, an ``UploadBodyError`` (a file to upload is missing or unreadable) | The request could not be made. |
/// | 2001 | `.underlying`, any other transport or plugin failure | The network request failed. Please try again. |
/// | 2002 | `.underlying`, cancelled (``CourierError/isCancelled``) | The request was cancelled. |
/// | 2003 | `.underlying`, timed out (``CourierError/isTimeout``) | The request timed out. Please try again. |
/// | 2004 | `.underlying`, no connection (offline, connection lost) | You appear to be offline. Check your connection and try again. |
/// | 2005 | `.underlying`, the host cannot be found or reached | The server cannot be reached. Please try again later. |
/// | 3001 | `.statusCode` | The server could not handle the request (HTTP *status*). |
/// | 4001 | `.jsonMapping` | The server's response could not be read. |
/// | 4002 | `.stringMapping` | The server's response could not be read. |
/// | 4003 | `.objectMapping` | The server's response could not be read. |
/// | 4004 | `.underlying`, a ``PaginationError`` (the server's paging does not end) | The list could not be loaded in full. |
/// | 5001 | `.business` | The server's message, or: Something went wrong on the server. Please try again later. |
/// | 5002 | `.payloadMissing` | The server's response is incomplete. |
/// | 5003 | `.sessionExpired` | Your session has expired. Please log in again. |
///
/// ```swift
/// do {
///     try await provider.request(.deleteAddress(id: 3))
/// } catch let error as CourierError {
///     log("courier error \(error.code): \(error)")   // full description, for the log
///     hud.show(error.userMessage)                      // short sentence, for the user
/// }
/// ```
///
/// ``userMessage`` is English; an app that localizes maps ``code`` to its own strings
/// (and still shows the server's message for `5001`).
extension CourierError {
    /// The error's stable number; see the table in this extension's overview.
    public var code: Int {
        switch self {
        case .requestMapping: 1001
        case .parameterEncoding: 1002
        case .encodableMapping: 1003
        case .underlying(let error, _): Self.transportCode(of: error)
        case .statusCode: 3001
        case .jsonMapping: 4001
        case .stringMapping: 4002
        case .objectMapping: 4003
        case .business: 5001
        case .payloadMissing: 5002
        case .sessionExpired: 5003
        }
    }

    /// A short sentence fit to show the user; the server's own message for `.business` when it
    /// sent one. The full, technical text is ``errorDescription``.
    public var userMessage: String {
        switch code {
        case 1001, 1002, 1003, 1004: return "The request could not be made."
        case 2002: return "The request was cancelled."
        case 2003: return "The request timed out. Please try again."
        case 2004: return "You appear to be offline. Check your connection and try again."
        case 2005: return "The server cannot be reached. Please try again later."
        case 3001: return "The server could not handle the request (HTTP \(response?.statusCode ?? 0))."
        case 4001, 4002, 4003: return "The server's response could not be read."
        case 4004: return "The list could not be loaded in full."
        case 5001:
            if case .business(_, let message?, _) = self {
                let trimmed = message.trimmingCharacters(in: .whitespacesAndNewlines)
                if !trimmed.isEmpty { return trimmed }
            }
            return "Something went wrong on the server. Please try again later."
        case 5002: return "The server's response is incomplete."
        case 5003: return "Your session has expired. Please log in again."
        default: return "The network request failed. Please try again."
        }
    }

    private static func transportCode(of error: any Error) -> Int {
        if error is CancellationError { return 2002 }
        if error is PaginationError { return 4004 }
        if error is UploadBodyError { return 1004 }
        guard let urlError = error as? URLError else { return 2001 }
        switch urlError.code {
        case .cancelled: return 2002
        case .timedOut: return 2003
        case .notConnectedToInternet, .networkConnectionLost, .dataNotAllowed, .internationalRoamingOff:
            return 2004
        case .cannotFindHost, .cannotConnectToHost, .dnsLookupFailed: return 2005
        default: return 2001
        }
    }
}
