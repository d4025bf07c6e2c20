import Foundation

/// What a request carries: parameters, a body, a file, a multipart form, or a download.
///
/// Moya calls this `Task`; Courier renames it so that Swift's `Task` stays usable in the
/// same file.
///
/// ```swift
/// var task: RequestTask {
///     switch self {
///     case .rank(let area): .requestParameters(parameters: ["area": area], encoding: URLEncoding.queryString)
///     case .profile(let body): .requestJSONEncodable(body)
///     }
/// }
/// ```
public enum RequestTask: Sendable {
    /// No parameters and no body.
    case requestPlain

    /// A raw body, sent as is.
    case requestData(Data)

    /// A body encoded from an `Encodable` value with a default `JSONEncoder`;
    /// `Content-Type: application/json` is set unless the target sets one.
    case requestJSONEncodable(any Encodable & Sendable)

    /// A body encoded from an `Encodable` value with the given encoder.
    case requestCustomJSONEncodable(any Encodable & Sendable, encoder: JSONEncoder)

    /// Parameters encoded by `encoding` (into the query, a form body or a JSON body).
    case requestParameters(parameters: [String: any Sendable], encoding: any ParameterEncoding)

    /// A raw body plus parameters in the query string.
    case requestCompositeData(bodyData: Data, urlParameters: [String: any Sendable])

    /// Body parameters encoded by `bodyEncoding`, plus parameters in the query string.
    case requestCompositeParameters(
        bodyParameters: [String: any Sendable],
        bodyEncoding: any ParameterEncoding,
        urlParameters: [String: any Sendable])

    /// The contents of a file, streamed from disk as the body.
    case uploadFile(URL)

    /// A `multipart/form-data` body (RFC 7578) made of these parts.
    case uploadMultipart([MultipartFormBodyPart])

    /// A `multipart/form-data` body plus parameters in the query string.
    case uploadCompositeMultipart([MultipartFormBodyPart], urlParameters: [String: any Sendable])

    /// Downloads the response body to the file the destination closure names.
    case downloadDestination(DownloadDestination)

    /// Parameters encoded by `encoding`, with the response body downloaded to a file.
    case downloadParameters(
        parameters: [String: any Sendable],
        encoding: any ParameterEncoding,
        destination: DownloadDestination)
}

extension RequestTask {
    /// Whether the task downloads its response body to a file.
    package var isDownload: Bool {
        switch self {
        case .downloadDestination, .downloadParameters: true
        default: false
        }
    }

    /// Whether the task uploads a file or a multipart form.
    package var isUpload: Bool {
        switch self {
        case .uploadFile, .uploadMultipart, .uploadCompositeMultipart: true
        default: false
        }
    }
}
