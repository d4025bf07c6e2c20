import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension Endpoint {
    /// The `URLRequest` this endpoint describes.
    ///
    /// Upload tasks get their headers here (a multipart body's `Content-Type` with its
    /// boundary); their body is streamed by the provider when the call is sent.
    ///
    /// - Throws: ``CourierError/requestMapping(_:)`` for an invalid URL or a task that cannot
    ///   be sent with this method (a multipart body with `GET`),
    ///   ``CourierError/parameterEncoding(_:)`` when parameters cannot be encoded, and
    ///   ``CourierError/encodableMapping(_:)`` when an `Encodable` body throws.
    public func urlRequest() throws(CourierError) -> URLRequest {
        guard let requestURL = URL(string: url) else { throw CourierError.requestMapping(url) }
        guard requestURL.scheme != nil else {
            throw CourierError.requestMapping(
                "\(url): the URL has no scheme; give the target's baseURL one, such as https://")
        }
        if let request = try directRequest(requestURL) { return request }
        var request = URLRequest(url: requestURL)
        request.httpMethod = method.rawValue
        request.allHTTPHeaderFields = httpHeaderFields

        switch task {
        case .requestPlain, .uploadFile, .downloadDestination:
            break
        case .requestData(let data):
            request.httpBody = data
        case .requestJSONEncodable(let encodable):
            request = try Self.encode(encodable, with: JSONEncoder(), into: request)
        case .requestCustomJSONEncodable(let encodable, let encoder):
            request = try Self.encode(encodable, with: encoder, into: request)
        case .requestParameters(let parameters, let encoding):
            request = try Self.encode(parameters, with: encoding, into: request)
        case .requestCompositeData(let body, let urlParameters):
            request.httpBody = body
            request = try Self.encode(urlParameters, with: URLEncoding.queryString, into: request)
        case .requestCompositeParameters(let bodyParameters, let bodyEncoding, let urlParameters):
            if let urlEncoding = bodyEncoding as? URLEncoding, urlEncoding.destination != .httpBody {
                throw CourierError.requestMapping(
                    "\(url): requestCompositeParameters needs a body encoding such as URLEncoding.httpBody")
            }
            request = try Self.encode(bodyParameters, with: bodyEncoding, into: request)
            request = try Self.encode(urlParameters, with: URLEncoding.queryString, into: request)
        case .uploadMultipart:
            request = try prepareMultipart(request)
        case .uploadCompositeMultipart(_, let urlParameters):
            request = try prepareMultipart(request)
            request = try Self.encode(urlParameters, with: URLEncoding.queryString, into: request)
        case .downloadParameters(let parameters, let encoding, _):
            request = try Self.encode(parameters, with: encoding, into: request)
        }

        if !queryParameters.isEmpty {
            request = try Self.encode(queryParameters, with: URLEncoding.queryString, into: request)
        }
        return request
    }

    /// The request of a plain task or of parameters in a ``URLEncoding`` (the usual `GET` with a
    /// query and form `POST`), made in one go from its finished parts; `nil` for any other task.
    ///
    /// Same result as the general path, which changes a `URLRequest` step by step: on Linux each
    /// change to a shared `URLRequest` copies it, and a header set through Foundation costs more
    /// than the rest of a stubbed call.
    private func directRequest(_ requestURL: URL) throws(CourierError) -> URLRequest? {
        guard queryParameters.isEmpty else { return nil }
        var parts = RequestParts(url: requestURL, method: method.rawValue, headers: httpHeaderFields)
        switch task {
        case .requestPlain:
            break
        case .requestParameters(let parameters, let encoding):
            guard let encoding = encoding as? URLEncoding else { return nil }
            do {
                try encoding.encode(parameters, into: &parts)
            } catch let error as CourierError {
                throw error
            } catch {
                throw CourierError.parameterEncoding(error)
            }
        default:
            return nil
        }
        var request = URLRequest(url: parts.url)
        // A new request's method is already GET; setting it costs an NSString comparison or more.
        if method != .get { request.httpMethod = parts.method }
        request.allHTTPHeaderFields = parts.headers
        if let body = parts.body { request.httpBody = body }
        return request
    }

    private func prepareMultipart(_ request: URLRequest) throws(CourierError) -> URLRequest {
        guard method != .get, method != .head else {
            throw CourierError.requestMapping("\(url): a multipart body cannot be sent with \(method.rawValue)")
        }
        var request = request
        if request.value(forHTTPHeaderField: "Content-Type") == nil {
            request.setValue(
                "multipart/form-data; boundary=\(MultipartFormDataEncoder.makeBoundary())",
                forHTTPHeaderField: "Content-Type")
        }
        return request
    }

    private static func encode(
        _ parameters: [String: any Sendable], with encoding: any ParameterEncoding, into request: URLRequest
    ) throws(CourierError) -> URLRequest {
        do {
            return try encoding.encode(request, with: parameters)
        } catch let error as CourierError {
            throw error
        } catch {
            throw CourierError.parameterEncoding(error)
        }
    }

    private static func encode(
        _ encodable: any Encodable & Sendable, with encoder: JSONEncoder, into request: URLRequest
    ) throws(CourierError) -> URLRequest {
        var request = request
        do {
            request.httpBody = try encoder.encode(encodable)
        } catch {
            throw CourierError.encodableMapping(error)
        }
        if request.value(forHTTPHeaderField: "Content-Type") == nil {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        return request
    }
}
