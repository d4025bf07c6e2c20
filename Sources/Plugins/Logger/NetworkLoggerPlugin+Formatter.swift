import Foundation

extension NetworkLoggerPlugin {
    /// Turns what the logger saw into text, as in Moya: one closure for each line, one for
    /// request bodies and one for response bodies.
    ///
    /// ```swift
    /// let formatter = NetworkLoggerPlugin.Formatter(entry: { identifier, message, _ in
    ///     "[net] \(identifier): \(message)"
    /// })
    /// ```
    ///
    /// Body formatters receive at most ``Configuration/bodyLimit`` bytes of text: binary bodies
    /// are summarised before a formatter sees them, and secrets are masked in what it returns.
    public struct Formatter: Sendable {
        /// Formats a body.
        public typealias DataFormatterType = @Sendable (_ data: Data) -> String
        /// Formats one line from its identifier (`Request`, `Response`, …) and its message.
        public typealias EntryFormatterType =
            @Sendable (_ identifier: String, _ message: String, _ target: any TargetType) -> String

        /// Formats each line; ``defaultEntryFormatter(identifier:message:target:)`` by default.
        public var entry: EntryFormatterType
        /// Formats a request body; ``defaultDataFormatter(_:)`` by default.
        public var requestData: DataFormatterType
        /// Formats a response body; ``defaultDataFormatter(_:)`` by default.
        public var responseData: DataFormatterType

        /// Creates a formatter.
        ///
        /// - Parameters:
        ///   - entry: formats each line; ``defaultEntryFormatter(identifier:message:target:)`` by default.
        ///   - requestData: formats request bodies; ``defaultDataFormatter(_:)`` by default.
        ///   - responseData: formats response bodies; ``defaultDataFormatter(_:)`` by default.
        public init(
            entry: @escaping EntryFormatterType = Formatter.defaultEntryFormatter,
            requestData: @escaping DataFormatterType = Formatter.defaultDataFormatter,
            responseData: @escaping DataFormatterType = Formatter.defaultDataFormatter
        ) {
            self.entry = entry
            self.requestData = requestData
            self.responseData = responseData
        }

        /// `Courier_Logger: [2025-05-01T09:30:12.345Z] Request: https://…`, the time in UTC.
        public static func defaultEntryFormatter(identifier: String, message: String, target: any TargetType)
            -> String
        {
            "Courier_Logger: [\(LogTimestamp.now())] \(identifier): \(message)"
        }

        /// The body as UTF-8 text (invalid bytes replaced).
        public static func defaultDataFormatter(_ data: Data) -> String {
            String(decoding: data, as: UTF8.self)
        }
    }
}
