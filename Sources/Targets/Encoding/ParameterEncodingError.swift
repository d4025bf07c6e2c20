import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Why a ``ParameterEncoding`` could not apply parameters to a request.
///
/// A `Provider` reports it wrapped in `CourierError.parameterEncoding(_:)`.
public enum ParameterEncodingError: Error, Sendable, CustomStringConvertible, LocalizedError {
    /// The request has no URL. (On Linux, Foundation traps when a URL-less request is changed,
    /// so the built-in encodings refuse it whatever the destination.)
    case missingURL

    /// The request's URL could not be rebuilt with the encoded query string; carries the URL.
    case invalidURL(String)

    /// Some parameters cannot be represented as JSON. Carries a summary naming each offending
    /// parameter by its path and Swift type, for example: `createdAt` (Date), `tags[1]` (Double, not finite).
    /// Objects or arrays nested too deep read `items.children.children…` (nested deeper than 256
    /// levels). Values are never included, so the message is safe to log.
    case invalidJSONObject(String)

    /// `JSONSerialization` failed to write the parameters; carries its error.
    case jsonEncodingFailed(any Error)

    /// A readable, one-line description of the failure.
    public var description: String {
        switch self {
        case .missingURL:
            "Parameter encoding failed: the request has no URL."
        case .invalidURL(let url):
            "Parameter encoding failed: could not add the query string to the URL \(url)."
        case .invalidJSONObject(let summary):
            "Parameter encoding failed: these parameters cannot be represented as JSON: \(summary)."
        case .jsonEncodingFailed(let error):
            "Parameter encoding failed: JSONSerialization could not write the parameters: \(error)."
        }
    }

    /// The same text as ``description``.
    public var errorDescription: String? { description }
}
