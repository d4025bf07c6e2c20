import Courier
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension NetworkLoggerPlugin {
    /// Logs the end of a streaming call (`bytes`, `lines`, `events`): how much it handed over and
    /// how it ended, one line, where its head was logged by `didReceive` as any response is.
    /// Every event of a stream would drown the log. For other calls it logs only an HTTP cache's
    /// offline fallback: the network's failure was logged by `didReceive`, and the stored answer
    /// the app gets instead is logged here, `[offline fallback, age N s]`.
    public func didFinish(_ result: Result<Response, CourierError>, target: any TargetType) {
        guard let streamed = CallContext.current?.streamed else {
            guard case .success(let response) = result, response.cacheOrigin?.kind == .offlineFallback else { return }
            let target = MultiTarget.unwrap(target)
            guard configuration.isEnabled(target) else { return }
            configuration.lazyOutput(target) { [self] in
                responseLines(for: result, response: response, call: nil, target: target)
            }
            return
        }
        let target = MultiTarget.unwrap(target)
        guard configuration.isEnabled(target) else { return }
        let outcome: String
        switch result {
        case .success: outcome = "ended"
        case .failure(let error) where error.isCancelled: outcome = "cancelled"
        case .failure(let error): outcome = "failed: \(error.localizedDescription)"
        }
        let message = "Stream \(outcome) after \(streamed.elements) values, \(streamed.bytes) bytes"
        configuration.lazyOutput(target) { [self] in [line("Stream", message, target)] }
    }
}
