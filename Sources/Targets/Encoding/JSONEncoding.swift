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
/// bodies with `RequestTask.requestJSONEncodable` instead.
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
        guard JSONSerialization.isValidJSONObject(object) else {
            throw ParameterEncodingError.invalidJSONObject(Self.describeInvalidValues(in: object))
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

    // MARK: - Diagnostics

    /// A summary of the values in `object` that JSON cannot represent: each one's path and type,
    /// never its value.
    private static func describeInvalidValues(in object: [String: Any]) -> String {
        var findings: [String] = []
        for (key, value) in object.sorted(by: { $0.key < $1.key }) {
            collectInvalidValues(value, path: key, into: &findings)
        }
        return findings.isEmpty ? "the parameters as a whole" : findings.joined(separator: ", ")
    }

    /// Appends a finding for every value under `value` that JSON cannot represent.
    private static func collectInvalidValues(_ value: Any, path: String, into findings: inout [String]) {
        guard !JSONSerialization.isValidJSONObject([value]) else { return }
        let countBefore = findings.count
        if let dictionary = value as? [String: Any] {
            for (key, nested) in dictionary.sorted(by: { $0.key < $1.key }) {
                collectInvalidValues(nested, path: "\(path).\(key)", into: &findings)
            }
        } else if let array = value as? [Any] {
            for (index, element) in array.enumerated() {
                collectInvalidValues(element, path: "\(path)[\(index)]", into: &findings)
            }
        }
        if findings.count == countBefore {
            findings.append("`\(path)` (\(typeDescription(of: value)))")
        }
    }

    /// The Swift type of `value`, noting a non-finite floating-point number.
    private static func typeDescription(of value: Any) -> String {
        let typeName = String(describing: type(of: value))
        if let number = value as? any BinaryFloatingPoint, !number.isFinite {
            return "\(typeName), not finite"
        }
        return typeName
    }
}
