import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The pipeline's small steps: how a response is classified, and which retry the plugins ask for.
extension Provider {
    func classify(_ response: Response, target: Target) -> Result<Response, CourierError> {
        if options.sessionExpiredStatusCodes.contains(response.statusCode) {
            return .failure(.sessionExpired(response))
        }
        guard target.validationType.accepts(response.statusCode) else { return .failure(.statusCode(response)) }
        return .success(response)
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
