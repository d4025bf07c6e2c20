import Courier
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Retries calls that failed for reasons that often pass: an overloaded or restarting server,
/// a dropped connection, a timeout. The defaults are Alamofire's `RetryPolicy`.
///
/// ```swift
/// let provider = Provider<MallAPI>(plugins: [RetryPolicy()])
/// ```
///
/// A status only counts as a failure when the target's `validationType` rejects it, so give
/// targets `.successCodes` for a `503` to be retried.
public struct RetryPolicy: PluginType {
    /// Retries after the first attempt: `2`.
    public static let defaultRetryLimit = 2
    /// The backoff grows by this factor per retry: `2`.
    public static let defaultExponentialBackoffBase: Double = 2
    /// The first backoff, in seconds: `0.5`.
    public static let defaultExponentialBackoffScale: TimeInterval = 0.5

    /// Methods that are safe to repeat (RFC 9110 §9.2.2): repeating them cannot create a second
    /// order or charge a card twice. `POST` and `PATCH` are retried only for targets that adopt
    /// ``RetryableTarget``.
    public static let defaultRetryableHTTPMethods: Set<HTTPMethod> = [.get, .head, .put, .delete, .options, .trace]

    /// Statuses that say "try again later":
    /// - `408` Request Timeout: the server gave up waiting for the request;
    /// - `429` Too Many Requests: retried after the server's `Retry-After`;
    /// - `500` Internal Server Error: often a transient fault;
    /// - `502` Bad Gateway, `503` Service Unavailable, `504` Gateway Timeout: an upstream
    ///   restarting or overloaded.
    public static let defaultRetryableHTTPStatusCodes: Set<Int> = [408, 429, 500, 502, 503, 504]

    /// Transport errors that a second attempt may not meet:
    /// - `.timedOut`: the server or network was slow this time;
    /// - `.cannotConnectToHost`, `.cannotFindHost`, `.dnsLookupFailed`: a server restarting or a
    ///   resolver hiccup;
    /// - `.networkConnectionLost`: a keep-alive connection the server had closed;
    /// - `.notConnectedToInternet`: the device was offline for a moment.
    ///
    /// Cancellation is never retried: the caller asked to stop. TLS failures, bad URLs and
    /// redirect loops are never retried: they fail again the same way.
    public static let defaultRetryableURLErrorCodes: Set<URLError.Code> = [
        .timedOut, .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .networkConnectionLost,
        .notConnectedToInternet,
    ]

    /// The largest `Retry-After` honoured, in seconds: `60`. A server asking for longer is not
    /// retried, and neither is one whose `Retry-After` is no wait (`Response.retryAfter(from:)`
    /// is `nil`: `1.5`, or a date in a zone other than `GMT`).
    public static let defaultMaximumRetryAfter: TimeInterval = 60

    /// Retries after the first attempt.
    public let retryLimit: Int
    /// The backoff's growth factor.
    public let exponentialBackoffBase: Double
    /// The first backoff, in seconds.
    public let exponentialBackoffScale: TimeInterval
    /// Methods retried without opting in.
    public let retryableHTTPMethods: Set<HTTPMethod>
    /// Statuses retried.
    public let retryableHTTPStatusCodes: Set<Int>
    /// Transport errors retried.
    public let retryableURLErrorCodes: Set<URLError.Code>
    /// Whether each backoff is randomised between half and all of its value, so that many clients
    /// failing together do not retry in lockstep.
    public let jitter: Bool
    /// The largest `Retry-After` honoured.
    public let maximumRetryAfter: TimeInterval

    /// Creates a policy; every parameter defaults to the static default of the same name.
    ///
    /// Backoff before retry `n` (1-based) is `scale × base^(n-1)`: 0.5 s, then 1 s by default.
    /// The provider sends a call at most `ProviderOptions.maximumAttempts` times (3 by default),
    /// whatever `retryLimit` says.
    public init(
        retryLimit: Int = RetryPolicy.defaultRetryLimit,
        exponentialBackoffBase: Double = RetryPolicy.defaultExponentialBackoffBase,
        exponentialBackoffScale: TimeInterval = RetryPolicy.defaultExponentialBackoffScale,
        retryableHTTPMethods: Set<HTTPMethod> = RetryPolicy.defaultRetryableHTTPMethods,
        retryableHTTPStatusCodes: Set<Int> = RetryPolicy.defaultRetryableHTTPStatusCodes,
        retryableURLErrorCodes: Set<URLError.Code> = RetryPolicy.defaultRetryableURLErrorCodes,
        jitter: Bool = true,
        maximumRetryAfter: TimeInterval = RetryPolicy.defaultMaximumRetryAfter
    ) {
        self.retryLimit = retryLimit
        self.exponentialBackoffBase = exponentialBackoffBase
        self.exponentialBackoffScale = exponentialBackoffScale
        self.retryableHTTPMethods = retryableHTTPMethods
        self.retryableHTTPStatusCodes = retryableHTTPStatusCodes
        self.retryableURLErrorCodes = retryableURLErrorCodes
        self.jitter = jitter
        self.maximumRetryAfter = maximumRetryAfter
    }

    /// Asks for a retry, after a backoff, when the failure and the method allow one.
    public func retry(_ request: URLRequest, target: any TargetType, dueTo error: CourierError, attempt: Int) async
        -> RetryDecision
    {
        guard attempt <= retryLimit, !error.isCancelled, isRetryable(request, target: target) else {
            return .doNotRetry
        }
        switch error {
        case .statusCode(let response) where retryableHTTPStatusCodes.contains(response.statusCode):
            if response.statusCode == 429 || response.statusCode == 503,
                response.value(forHTTPHeaderField: "Retry-After") != nil
            {
                guard let seconds = response.retryAfter(), seconds <= maximumRetryAfter else { return .doNotRetry }
                return .retryAfter(seconds)
            }
            return .retryAfter(backoff(forRetry: attempt))
        case .underlying(let underlying, _):
            guard let code = (underlying as? URLError)?.code, retryableURLErrorCodes.contains(code) else {
                return .doNotRetry
            }
            return .retryAfter(backoff(forRetry: attempt))
        default:
            return .doNotRetry
        }
    }

    /// The wait before retry `retry` (1-based), with jitter when enabled.
    public func backoff(forRetry retry: Int) -> TimeInterval {
        let full = exponentialBackoffScale * pow(exponentialBackoffBase, Double(max(0, retry - 1)))
        return jitter ? Double.random(in: (full / 2)...full) : full
    }

    private func isRetryable(_ request: URLRequest, target: any TargetType) -> Bool {
        if let optIn = MultiTarget.unwrap(target) as? any RetryableTarget, optIn.allowsRetry { return true }
        let method = request.httpMethod.flatMap { HTTPMethod(rawValue: $0.uppercased()) } ?? target.method
        return retryableHTTPMethods.contains(method)
    }
}

/// Lets a target be retried by ``RetryPolicy`` whatever its method, for a `POST` the backend
/// makes idempotent (with an idempotency key, say).
///
/// ```swift
/// extension PaymentAPI: RetryableTarget {
///     var allowsRetry: Bool { true }
/// }
/// ```
public protocol RetryableTarget: TargetType {
    /// Whether failed calls of this target may be sent again.
    var allowsRetry: Bool { get }
}
