import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Turns Moya-style `[String: Any]` parameters into Courier's `[String: any Sendable]`.
///
/// The accepted values are those the built-in encodings write: strings, numbers (`NSNumber`
/// included), `Bool`, `Decimal`, `NSNull` and `nil`, and arrays and string-keyed dictionaries of
/// those, at any depth. A value boxed by `as AnyObject` is unboxed first.
enum ParameterConversion {
    /// `parameters` with every value made `Sendable`, or the first value that cannot be.
    static func sendable(_ parameters: [String: Any]) -> Result<[String: any Sendable], ParameterConversionError> {
        Result { () throws(ParameterConversionError) in try dictionary(parameters, path: nil) }
    }

    private static func dictionary(_ values: [String: Any], path: String?) throws(ParameterConversionError)
        -> [String: any Sendable]
    {
        var converted: [String: any Sendable] = [:]
        converted.reserveCapacity(values.count)
        // Sorted, so that the error names the same key on every run.
        for (key, value) in values.sorted(by: { $0.key < $1.key }) {
            converted[key] = try sendable(value, path: path.map { "\($0).\(key)" } ?? key)
        }
        return converted
    }

    private static func sendable(_ value: Any, path: String) throws(ParameterConversionError) -> any Sendable {
        // Checked by dynamic type first: on Darwin an NSNumber would also cast to `Bool`.
        if type(of: value) is NSNumber.Type, let number = value as? NSNumber { return number }
        if let optional = value as? any ConvertibleOptional {
            guard let wrapped = optional.wrappedValue else { return NSNull() }
            return try sendable(wrapped, path: path)
        }
        switch value {
        case let string as String: return string
        case let substring as Substring: return String(substring)
        case let flag as Bool: return flag
        case let number as Int: return number
        case let number as Double: return number
        case let decimal as Decimal: return decimal
        case let null as NSNull: return null
        case let number as Int8: return number
        case let number as Int16: return number
        case let number as Int32: return number
        case let number as Int64: return number
        case let number as UInt: return number
        case let number as UInt8: return number
        case let number as UInt16: return number
        case let number as UInt32: return number
        case let number as UInt64: return number
        case let number as Float: return number
        case let nested as [String: Any]: return try dictionary(nested, path: path)
        case let array as [Any]:
            var converted: [any Sendable] = []
            converted.reserveCapacity(array.count)
            for (index, element) in array.enumerated() {
                converted.append(try sendable(element, path: "\(path)[\(index)]"))
            }
            return converted
        default:
            throw ParameterConversionError(path: path, typeName: String(describing: type(of: value)))
        }
    }
}

/// Lets the conversion see through an `Optional` boxed in `Any`.
private protocol ConvertibleOptional {
    /// The wrapped value, or `nil`.
    var wrappedValue: Any? { get }
}

extension Optional: ConvertibleOptional {
    fileprivate var wrappedValue: Any? { map { $0 as Any } }
}

/// The encoding of a task whose `[String: Any]` parameters could not be converted: it fails the
/// call with the conversion's error when the request is built, since a target's `task` cannot throw.
struct UnconvertibleParameters: ParameterEncoding {
    let error: ParameterConversionError

    func encode(_ urlRequest: URLRequest, with parameters: [String: any Sendable]?) throws -> URLRequest {
        throw error
    }
}
