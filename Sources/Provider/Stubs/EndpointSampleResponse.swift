import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a stubbed call answers.
///
/// The default endpoint mapping answers `.networkResponse(200, target.sampleData)`; an
/// endpoint closure can choose another:
///
/// ```swift
/// let provider = Provider<MallAPI>(
///     endpointClosure: { target in
///         Endpoint(url: URL(target: target).absoluteString,
///                  sampleResponseClosure: { .networkResponse(500, Data("oops".utf8)) },
///                  method: target.method, task: target.task, httpHeaderFields: target.headers)
///     },
///     stubClosure: Provider.immediatelyStub)
/// ```
public enum EndpointSampleResponse: Sendable {
    /// A status code and a body.
    case networkResponse(Int, Data)
    /// A complete HTTP response (with headers) and a body.
    case response(HTTPURLResponse, Data)
    /// A transport failure; the call fails with `CourierError.underlying(error, nil)`.
    case networkError(any Error)
}
