import Courier
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension NetworkLoggerPlugin {
    /// Logs the end of a streaming call (`bytes`, `lines`, `events`): how much it handed over and
    /// how it ended, one line, where its head was logged by `didReceive` as any response is; and
    /// the URL the body came from when redirects led there (`Stream ended after 3 values, 54 bytes
    /// from https://…`).
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
        let response: Response? =
            switch result {
            case .success(let response): response
            case .failure(let error): error.response
            }
        configuration.lazyOutput(target) { [self] in
            [line("Stream", message + redirectNote(for: response), target)]
        }
    }

    /// ` from http://…`: the URL a stream's body came from, when redirects led it away from the
    /// URL the head's line shows (the request's); masked as any URL of that call. Empty otherwise.
    private func redirectNote(for response: Response?) -> String {
        guard let request = response?.request, let requested = request.url, let final = response?.response?.url,
            final.absoluteString != requested.absoluteString
        else { return "" }
        var masker = SecretMasker(masking: configuration.masking)
        masker.collect(from: request, headers: request.allHTTPHeaderFields ?? [:])
        return " from " + masker.printable(final)
    }
}
