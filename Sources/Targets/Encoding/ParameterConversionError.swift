import Foundation

/// A value in `[String: Any]` parameters that Courier cannot send: neither a string, a number,
/// a `Bool`, `NSNull`/`nil`, nor an array or dictionary of those.
///
/// `RequestTask.requestParameters(parameters:encoding:)` and its siblings accept Moya-style
/// `[String: Any]` parameters and convert them to `[String: any Sendable]`. A value they cannot
/// convert (a `Date`, a `URL`, a class of the app's) does not crash and is not sent as its
/// description: the call fails with `CourierError.parameterEncoding(_:)` carrying this error,
/// which names the parameter and its type (never its value).
public struct ParameterConversionError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// Where the value is: `createdAt`, `filter.since`, `ids[2]`.
    public let path: String
    /// The value's Swift type, such as `Date`.
    public let typeName: String

    /// Creates an error for the value at `path` of type `typeName`.
    package init(path: String, typeName: String) {
        self.path = path
        self.typeName = typeName
    }

    /// A readable, one-line description of the failure.
    public var description: String {
        "Parameter conversion failed: `\(path)` is a \(typeName), which cannot be sent as a parameter;"
            + " send a string, a number, a Bool or nil (a Date as a string or a timestamp)."
    }

    /// The same text as ``description``.
    public var errorDescription: String? { description }
}
