import Courier
import Foundation

/// The endpoint closure every demo provider shares: the headers and the `uid` parameter every
/// call needs and, when the calls go to another server, the same path on that server.
func commonEndpoint<Target: TargetType>(rebasedOnto baseURL: URL?) -> @Sendable (Target) -> Endpoint {
    { target in
        var endpoint = Provider<Target>.defaultEndpointMapping(for: target)
        if let baseURL {
            endpoint = Endpoint(
                url: URL(target: RebasedTarget(base: baseURL, target: target)).absoluteString,
                sampleResponseClosure: endpoint.sampleResponseClosure, method: endpoint.method,
                task: endpoint.task, httpHeaderFields: endpoint.httpHeaderFields)
        }
        return
            endpoint
            .adding(newHTTPHeaderFields: ["platform": "iOS", "sys_ver": "17.4"])
            .adding(parameters: ["uid": "10086"])
    }
}

/// A target moved to another server, path unchanged.
private struct RebasedTarget: TargetType {
    let base: URL
    let target: any TargetType
    var baseURL: URL { base }
    var path: String { target.path }
    var method: HTTPMethod { target.method }
    var task: RequestTask { target.task }
}
