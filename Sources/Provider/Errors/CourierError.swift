import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Every way a Courier call can fail.
///
/// The cases are Moya's, plus the business ones that envelopes produce. Each error that
/// concerns a response carries it, body included, so nothing the server said is lost.
///
/// ```swift
/// do {
///     let goods = try await provider.request(.goods(page: 1), as: GoodsPage.self)
/// } catch CourierError.sessionExpired {
///     showLogin()
/// } catch let error as CourierError {
///     show(error.errorDescription)
/// }
/// ```
///
/// A cancelled call fails with `.underlying(CancellationError(), nil)` whether it was
/// cancelled through Swift task cancellation, ``Cancellable/cancel()`` or the transport;
/// ``isCancelled`` tells it apart.
public enum CourierError: Error {
    /// The body is not valid JSON.
    case jsonMapping(Response)
    /// The body is not a string in the expected encoding.
    case stringMapping(Response)
    /// The body is JSON but not of the expected shape; the first value is the decoding error.
    case objectMapping(any Error, Response)
    /// An `Encodable` body could not be encoded.
    case encodableMapping(any Error)
    /// The status code is outside the target's `validationType`.
    case statusCode(Response)
    /// The transport failed (refused, timed out, cut off, cancelled), or a plugin threw.
    case underlying(any Error, Response?)
    /// The endpoint could not be turned into a request, for example an invalid URL.
    case requestMapping(String)
    /// Parameters could not be encoded.
    case parameterEncoding(any Error)
    /// The business envelope reports a failure code.
    case business(code: String, message: String?, response: Response)
    /// The business envelope has no payload where one was required.
    case payloadMissing(Response)
    /// The session is no longer valid: HTTP 401, an expired-token code, or a "please log in" body.
    case sessionExpired(Response)

    /// The response the error concerns, when there is one.
    public var response: Response? {
        switch self {
        case .jsonMapping(let response), .stringMapping(let response), .objectMapping(_, let response),
            .statusCode(let response), .payloadMissing(let response), .sessionExpired(let response):
            response
        case .business(_, _, let response): response
        case .underlying(_, let response): response
        case .encodableMapping, .requestMapping, .parameterEncoding: nil
        }
    }

    /// The error that caused this one, when there is one.
    public var underlyingError: (any Error)? {
        switch self {
        case .objectMapping(let error, _), .encodableMapping(let error), .underlying(let error, _),
            .parameterEncoding(let error):
            error
        default: nil
        }
    }

    /// Whether the call was cancelled rather than failed.
    public var isCancelled: Bool {
        guard case .underlying(let error, _) = self else { return false }
        return error is CancellationError || (error as? URLError)?.code == .cancelled
    }

    /// Whether the call timed out.
    public var isTimeout: Bool {
        guard case .underlying(let error, _) = self else { return false }
        return (error as? URLError)?.code == .timedOut
    }

    /// The error every cancelled call ends with.
    public static var cancelled: CourierError { .underlying(CancellationError(), nil) }
}

extension CourierError: LocalizedError {
    /// What went wrong, in a sentence fit for a log.
    public var errorDescription: String? {
        switch self {
        case .jsonMapping(let response):
            "The response (HTTP \(response.statusCode)) is not valid JSON: \(response.bodyPreview)"
        case .stringMapping(let response):
            "The response (HTTP \(response.statusCode)) is not a string in the expected encoding."
        case .objectMapping(let error, let response):
            "The response (HTTP \(response.statusCode)) does not have the expected shape: "
                + DecodingErrorDescription.describe(error)
        case .encodableMapping(let error):
            "The request body could not be encoded: \(error)"
        case .statusCode(let response):
            "The server answered HTTP \(response.statusCode), which the target does not accept: "
                + response.bodyPreview
        case .underlying(let error, _):
            if error is CancellationError {
                "The request was cancelled."
            } else if let bodyError = error as? UploadBodyError {
                // The app's own body, found before anything was sent: not a network failure.
                "The request could not be made: \(bodyError.errorDescription ?? String(describing: bodyError))"
            } else if let urlError = error as? URLError {
                "The request failed: \(URLErrorDescription.describe(urlError))."
            } else {
                "The request failed: \((error as? LocalizedError)?.errorDescription ?? String(describing: error))"
            }
        case .requestMapping(let url):
            "The endpoint could not be turned into a request: \(url.isEmpty ? "the URL is empty" : url)"
        case .parameterEncoding(let error):
            "The parameters could not be encoded: \(error)"
        case .business(let code, let message?, _):
            "The server reported a failure: \(code):\(message)"
        case .business(let code, nil, let response):
            "The server reported a failure: \(code)"
                + (response.envelopeGap.map { " (\($0.explanation))" } ?? "")
        case .payloadMissing(let response):
            "The response (HTTP \(response.statusCode)) has no payload where one was expected"
                + (response.envelopeGap.map { ": \($0.explanation)." } ?? ".")
        case .sessionExpired(let response):
            "The session has expired or the user is not logged in (HTTP \(response.statusCode))."
        }
    }
}

extension CourierError: CustomStringConvertible {
    /// The same text as ``errorDescription``.
    public var description: String { errorDescription ?? "CourierError" }
}

/// Describes a `DecodingError` with the coding path that failed, such as `data.records[2].price`.
enum DecodingErrorDescription {
    static func describe(_ error: any Error) -> String {
        guard let decodingError = error as? DecodingError else { return String(describing: error) }
        switch decodingError {
        case .typeMismatch(let type, let context):
            return "expected \(type) at \(path(context.codingPath)): \(context.debugDescription)"
        case .valueNotFound(let type, let context):
            return "no \(type) value at \(path(context.codingPath)): \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            return "missing key '\(key.stringValue)' at \(path(context.codingPath))"
        case .dataCorrupted(let context):
            return "corrupted data at \(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return String(describing: decodingError)
        }
    }

    static func path(_ codingPath: [any CodingKey]) -> String {
        guard !codingPath.isEmpty else { return "the top level" }
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
    }
}
