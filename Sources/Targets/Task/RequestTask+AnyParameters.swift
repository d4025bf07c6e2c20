import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Moya's tasks take `[String: Any]` (Alamofire's `Parameters`), and apps build them that way,
// often with `as AnyObject`. These overloads accept such dictionaries where Moya did, so those
// lines port unchanged; a literal whose values are all `Sendable` still picks the case itself.
// A target's `task` cannot throw, so a value that cannot be sent makes a task whose encoding
// fails the call with ``ParameterConversionError`` when the request is built.
extension RequestTask {
    /// Parameters given as `[String: Any]`, as in Moya, encoded by `encoding`.
    ///
    /// ```swift
    /// var parameters: [String: Any] = ["q": query]
    /// if let page { parameters["page"] = page }
    /// return .requestParameters(parameters: parameters, encoding: URLEncoding.default)
    /// ```
    @_disfavoredOverload
    public static func requestParameters(parameters: [String: Any], encoding: any ParameterEncoding) -> RequestTask {
        switch ParameterConversion.sendable(parameters) {
        case .success(let converted): .requestParameters(parameters: converted, encoding: encoding)
        case .failure(let error): .requestParameters(parameters: [:], encoding: UnconvertibleParameters(error: error))
        }
    }

    /// Parameters given as `[String: AnyObject]` (`["page": page as AnyObject]`), as in Moya.
    public static func requestParameters(parameters: [String: AnyObject], encoding: any ParameterEncoding)
        -> RequestTask
    {
        requestParameters(parameters: parameters as [String: Any], encoding: encoding)
    }

    /// A raw body plus `[String: Any]` query parameters, as in Moya.
    @_disfavoredOverload
    public static func requestCompositeData(bodyData: Data, urlParameters: [String: Any]) -> RequestTask {
        switch ParameterConversion.sendable(urlParameters) {
        case .success(let converted): .requestCompositeData(bodyData: bodyData, urlParameters: converted)
        case .failure(let error): failed(error)
        }
    }

    /// `[String: Any]` body parameters encoded by `bodyEncoding`, plus `[String: Any]` query
    /// parameters, as in Moya.
    @_disfavoredOverload
    public static func requestCompositeParameters(
        bodyParameters: [String: Any], bodyEncoding: any ParameterEncoding, urlParameters: [String: Any]
    ) -> RequestTask {
        switch (ParameterConversion.sendable(bodyParameters), ParameterConversion.sendable(urlParameters)) {
        case (.success(let body), .success(let query)):
            .requestCompositeParameters(bodyParameters: body, bodyEncoding: bodyEncoding, urlParameters: query)
        case (.failure(let error), _), (_, .failure(let error)):
            failed(error)
        }
    }

    /// A multipart body plus `[String: Any]` query parameters, as in Moya.
    @_disfavoredOverload
    public static func uploadCompositeMultipart(_ parts: [MultipartFormBodyPart], urlParameters: [String: Any])
        -> RequestTask
    {
        switch ParameterConversion.sendable(urlParameters) {
        case .success(let converted): .uploadCompositeMultipart(parts, urlParameters: converted)
        case .failure(let error): failed(error)
        }
    }

    /// `[String: Any]` parameters encoded by `encoding`, with the body downloaded to a file, as in Moya.
    @_disfavoredOverload
    public static func downloadParameters(
        parameters: [String: Any], encoding: any ParameterEncoding, destination: @escaping DownloadDestination
    ) -> RequestTask {
        switch ParameterConversion.sendable(parameters) {
        case .success(let converted):
            .downloadParameters(parameters: converted, encoding: encoding, destination: destination)
        case .failure(let error):
            .downloadParameters(
                parameters: [:], encoding: UnconvertibleParameters(error: error), destination: destination)
        }
    }

    /// A task that fails with `error` when its request is built.
    private static func failed(_ error: ParameterConversionError) -> RequestTask {
        .requestParameters(parameters: [:], encoding: UnconvertibleParameters(error: error))
    }
}
