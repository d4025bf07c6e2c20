import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The pipeline's small steps: how a response is classified, what a stub answers, and which retry
/// the plugins ask for.
extension Provider {
    func classify(_ response: Response, target: Target) -> Result<Response, CourierError> {
        if options.sessionExpiredStatusCodes.contains(response.statusCode) {
            return .failure(.sessionExpired(response))
        }
        guard target.validationType.accepts(response.statusCode) else { return .failure(.statusCode(response)) }
        return .success(response)
    }

    func stubbedResponse(_ endpoint: Endpoint, request: URLRequest, call: Call) -> Result<Response, CourierError> {
        let url = request.url ?? URL(fileURLWithPath: "/")
        switch endpoint.sampleResponseClosure() {
        case .networkResponse(let statusCode, let data):
            let head = ResponseHead(url: url, statusCode: statusCode, version: "HTTP/1.1", fields: [])
            return .success(Response(statusCode: statusCode, data: data, request: request, head: head))
        case .response(let http, let data):
            return .success(Response(statusCode: http.statusCode, data: data, request: request, response: http))
        case .networkError(let error):
            return .failure(call.courierError(error))
        }
    }

    func retryDecision(for request: URLRequest, target: Target, error: CourierError, attempt: Int) async
        -> RetryDecision
    {
        for plugin in plugins {
            let decision = await plugin.retry(request, target: target, dueTo: error, attempt: attempt)
            if decision != .doNotRetry { return decision }
        }
        return .doNotRetry
    }

}
