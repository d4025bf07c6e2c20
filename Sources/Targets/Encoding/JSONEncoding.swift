import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Encodes parameters as a JSON object body with `JSONSerialization`, and sets
/// `Content-Type: application/json` unless the request already has a `Content-Type`.
///
/// Values may be strings, numbers, `Bool`, `Decimal`, `NSNull`, `nil` optionals (written as `null`),
/// and arrays and `[String: Any]` dictionaries of those. Anything else (a `Date`, a `URL`, a non-finite
/// `Double`, an `Encodable` struct) is rejected up front with
/// ``ParameterEncodingError/invalidJSONObject(_:)``, which names the offending parameters; encode such
/// bodies with `RequestTask.requestJSONEncodable` instead. So are objects and arrays nested more than
/// 256 levels deep (the parameters counting as the first), named by where the nesting starts.
///
/// ```swift
/// .requestParameters(parameters: ["goodsId": 42, "count": 2], encoding: JSONEncoding.default)
/// // body {"count":2,"goodsId":42}   (key order is JSONSerialization's unless .sortedKeys is set)
/// ```
public struct JSONEncoding: ParameterEncoding {
    /// An encoding with compact output (no writing options).
    public static var `default`: JSONEncoding { JSONEncoding() }

    /// An encoding with `.prettyPrinted` output.
    public static var prettyPrinted: JSONEncoding { JSONEncoding(options: .prettyPrinted) }

    /// The raw value of the writing options, kept as a plain integer so that the encoding is `Sendable`
    /// on every platform.
    private let optionsRawValue: UInt

    /// The `JSONSerialization` writing options used for the body.
    public var options: JSONSerialization.WritingOptions {
        JSONSerialization.WritingOptions(rawValue: optionsRawValue)
    }

    /// The deepest nesting of objects and arrays written, the parameters themselves counting as the
    /// first level: deeper parameters are refused with ``ParameterEncodingError/invalidJSONObject(_:)``.
    package static let maximumDepth = 256

    /// Creates a JSON encoding.
    ///
    /// - Parameter options: The `JSONSerialization` writing options; none (`[]`) by default.
    ///   Add `.sortedKeys` for a deterministic key order, `.prettyPrinted` for readable bodies.
    public init(options: JSONSerialization.WritingOptions = []) {
        self.optionsRawValue = options.rawValue
    }

    /// Returns `urlRequest` with `parameters` as its JSON body. `nil` parameters leave the request
    /// unchanged; empty ones give the body `{}`.
    ///
    /// - Throws: ``ParameterEncodingError/missingURL`` when the request has no URL,
    ///   ``ParameterEncodingError/invalidJSONObject(_:)`` when some value cannot be written
    ///   as JSON (checked before serialising, so it never traps), or
    ///   ``ParameterEncodingError/jsonEncodingFailed(_:)`` if `JSONSerialization` fails.
    public func encode(_ urlRequest: URLRequest, with parameters: [String: any Sendable]?) throws -> URLRequest {
        var request = urlRequest
        guard let parameters else { return request }
        // On Linux, changing a URL-less request traps in Foundation.
        guard request.url != nil else { throw ParameterEncodingError.missingURL }

        let object: [String: Any] = parameters
        let problems = Self.problems(in: object)
        // Asked only once nothing was found: with the depth bounded, it is one linear pass too.
        guard problems.isEmpty, JSONSerialization.isValidJSONObject(object) else {
            let summary = problems.isEmpty ? "the parameters as a whole" : problems.joined(separator: ", ")
            throw ParameterEncodingError.invalidJSONObject(summary)
        }
        let data: Data
        do {
            data = try JSONSerialization.data(withJSONObject: object, options: options)
        } catch {
            throw ParameterEncodingError.jsonEncodingFailed(error)
        }
        ParameterEncodingSupport.setContentTypeIfAbsent("application/json", on: &request)
        request.httpBody = data
        return request
    }
}
