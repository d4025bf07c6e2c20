/// The HTTP method of a request (RFC 9110 §9).
///
/// Moya spells this `Moya.Method`; a ported target only changes the type name.
///
/// ```swift
/// var method: HTTPMethod { .post }
/// ```
public enum HTTPMethod: String, Sendable, Hashable, CaseIterable {
    /// `GET`: read a resource.
    case get = "GET"
    /// `POST`: create or process.
    case post = "POST"
    /// `PUT`: replace a resource.
    case put = "PUT"
    /// `PATCH`: modify part of a resource.
    case patch = "PATCH"
    /// `DELETE`: remove a resource.
    case delete = "DELETE"
    /// `HEAD`: like `GET`, without a body.
    case head = "HEAD"
    /// `OPTIONS`: ask what the server allows.
    case options = "OPTIONS"
    /// `TRACE`: loop the request back.
    case trace = "TRACE"
    /// `CONNECT`: open a tunnel.
    case connect = "CONNECT"

    /// Whether a request with this method can be repeated without changing the result (RFC 9110 §9.2.2).
    ///
    /// Retry policies replay only idempotent requests unless a target opts in.
    package var isIdempotent: Bool {
        switch self {
        case .get, .head, .put, .delete, .options, .trace: true
        case .post, .patch, .connect: false
        }
    }

    /// Whether `URLEncoding.default` puts parameters in the query string for this method
    /// (`GET`, `HEAD`, `DELETE`), rather than in the body.
    package var encodesParametersInURL: Bool {
        switch self {
        case .get, .head, .delete: true
        default: false
        }
    }
}
