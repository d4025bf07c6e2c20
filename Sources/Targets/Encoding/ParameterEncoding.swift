import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A way of applying a dictionary of parameters to a `URLRequest`: into its query string,
/// into a form body, or into a JSON body.
///
/// Courier ships ``URLEncoding`` and ``JSONEncoding``, which behave like their Alamofire
/// and Moya namesakes. Conform your own type to encode parameters any other way:
///
/// ```swift
/// struct XMLEncoding: ParameterEncoding {
///     func encode(_ urlRequest: URLRequest, with parameters: [String: any Sendable]?) throws -> URLRequest {
///         var request = urlRequest
///         request.httpBody = makeXML(parameters ?? [:])
///         request.setValue("application/xml", forHTTPHeaderField: "Content-Type")
///         return request
///     }
/// }
/// ```
public protocol ParameterEncoding: Sendable {
    /// Returns `urlRequest` with `parameters` applied to it.
    ///
    /// - Parameters:
    ///   - urlRequest: The request to encode the parameters into. It is not modified; a copy is returned.
    ///   - parameters: The parameters to encode. `nil` leaves the request unchanged.
    /// - Returns: The request with the encoded parameters.
    /// - Throws: An error, normally a ``ParameterEncodingError``, when the parameters cannot be encoded.
    func encode(_ urlRequest: URLRequest, with parameters: [String: any Sendable]?) throws -> URLRequest
}

/// Helpers shared by the built-in encodings.
enum ParameterEncodingSupport {
    /// Whether `request` already has a header named `name`, compared case-insensitively
    /// (an empty value counts as present).
    static func hasHeader(_ name: String, in request: URLRequest) -> Bool {
        HeaderFields.contains(name, in: request.allHTTPHeaderFields)
    }

    /// Sets `Content-Type: contentType` on `request` unless it already has a `Content-Type`.
    static func setContentTypeIfAbsent(_ contentType: String, on request: inout URLRequest) {
        // The built-in encodings' content types are constants, always valid header values.
        if !hasHeader("Content-Type", in: request) {
            try? request.replaceHeaderField("Content-Type", value: contentType)
        }
    }

    /// Adds `Content-Type: contentType` to `headers` unless they already have a `Content-Type`.
    static func setContentTypeIfAbsent(_ contentType: String, in headers: inout [String: String]?) {
        guard !HeaderFields.contains("Content-Type", in: headers) else { return }
        if headers == nil { headers = [:] }
        headers?["Content-Type"] = contentType
    }
}
