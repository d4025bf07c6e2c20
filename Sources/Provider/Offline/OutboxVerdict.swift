import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What an outbox does after one attempt to send a mutation: the rule, apart from the outbox, so
/// each case is tested without a network.
///
/// - A success is sent.
/// - A failure to reach the server (not reachable, refused, lost, timed out, TLS, a malformed
///   answer: anything without a response) is retried: the mutation may not have arrived, or its
///   answer may have been lost, and its key makes sending it again safe.
/// - A `5xx`, and a `4xx` of ``OutboxOptions/retriedStatusCodes`` (`408`, `429`), is retried after
///   the server's `Retry-After` if it sent one.
/// - Any other answer is final: a `4xx` (`401`, `403`, `409`, `422`, …), an envelope's failure
///   code (after the plugins' own retries and token refresh), and a request that could not be
///   made (an endpoint, an encoding or a header the provider refuses) will not change by itself.
/// - A cancelled attempt (``Outbox/close()``, ``Outbox/removeAll(isolation:)``) is neither.
enum OutboxVerdict: Sendable {
    case sent(Response)
    /// Send again later; `retryAfter` is the server's `Retry-After`, in seconds; `networkDown`
    /// when the server was not reached (another call's success then ends the wait).
    case retry(retryAfter: TimeInterval?, networkDown: Bool)
    case final(CourierError)
    case stopped

    init(_ result: Result<Response, CourierError>, retriedStatusCodes: Set<Int>, now: Date = Date()) {
        switch result {
        case .success(let response):
            self = .sent(response)
        case .failure(let error):
            self = Self.judge(error, retriedStatusCodes: retriedStatusCodes, now: now)
        }
    }

    private static func judge(_ error: CourierError, retriedStatusCodes: Set<Int>, now: Date) -> OutboxVerdict {
        if error.isCancelled { return .stopped }
        switch error {
        case .requestMapping, .parameterEncoding, .encodableMapping:
            return .final(error)
        case .underlying(let underlying, nil):
            return cannotBeMade(underlying) ? .final(error) : .retry(retryAfter: nil, networkDown: true)
        default:
            guard let response = error.response else { return .final(error) }
            let status = response.statusCode
            guard (500..<600).contains(status) || retriedStatusCodes.contains(status) else { return .final(error) }
            return .retry(retryAfter: retryAfter(response, now: now), networkDown: false)
        }
    }

    /// Whether `error` says the request could not be made, so sending it again cannot help.
    private static func cannotBeMade(_ error: any Error) -> Bool {
        if error is InvalidRequestError || error is InsecureCredentialsError || error is UploadBodyError { return true }
        if error is EncodingError { return true }
        if let urlError = error as? URLError {
            return [.badURL, .unsupportedURL].contains(urlError.code)
        }
        return false
    }

    /// The server's `Retry-After`, in seconds from `now`: delay-seconds or an HTTP date.
    static func retryAfter(_ response: Response, now: Date) -> TimeInterval? {
        guard let value = response.value(forHTTPHeaderField: "Retry-After")?.trimmingCharacters(in: .whitespaces),
            !value.isEmpty
        else { return nil }
        if value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) { return Double(value.prefix(10)) }
        return HTTPDate.parse(value).map { max(0, $0.timeIntervalSince(now)) }
    }
}
