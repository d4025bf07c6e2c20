import Foundation

extension NetworkLoggerPlugin {
    /// What the logger writes besides the request URL and the response line, as in Moya.
    ///
    /// ```swift
    /// let logger = NetworkLoggerPlugin(configuration: .init(logOptions: [.formatRequestAscURL, .errorResponseBody]))
    /// ```
    public struct LogOptions: OptionSet, Sendable, Hashable {
        /// The raw bits.
        public let rawValue: Int

        /// Creates options from raw bits.
        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        /// The request's HTTP method, on a line of its own.
        public static let requestMethod = LogOptions(rawValue: 1 << 0)
        /// The request body (cut at ``Configuration/bodyLimit``; binary bodies summarised).
        public static let requestBody = LogOptions(rawValue: 1 << 1)
        /// The request headers, with secrets masked.
        public static let requestHeaders = LogOptions(rawValue: 1 << 2)
        /// The request as one copy-pasteable `curl` command (method, headers and body included)
        /// instead of separate lines.
        public static let formatRequestAscURL = LogOptions(rawValue: 1 << 3)
        /// The body of a successful response.
        public static let successResponseBody = LogOptions(rawValue: 1 << 4)
        /// The body of a failed response (one that came back but failed validation or decoding).
        public static let errorResponseBody = LogOptions(rawValue: 1 << 5)
        /// The phases of the exchange the transport measured (<doc:/Courier/CallContext/timings>), on the
        /// response line: `(12 ms; waiting 0.4 ms, connect 1.2 ms, first byte 3.4 ms, total 3.6 ms)`,
        /// each phase only when measured, nothing when the transport measured none (a stub).
        public static let timings = LogOptions(rawValue: 1 << 6)

        /// Method and headers: Moya's default.
        public static let `default`: LogOptions = [requestMethod, requestHeaders]
        /// Everything except the cURL form.
        public static let verbose: LogOptions = [
            requestMethod, requestHeaders, requestBody, successResponseBody, errorResponseBody, timings,
        ]
    }
}
