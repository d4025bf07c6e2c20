import Foundation

extension NetworkLoggerPlugin {
    /// How the logger formats its lines, where it writes them and what it includes; Moya's
    /// `formatter`, `output` and `logOptions`, plus a body limit, the secrets to mask and a switch.
    ///
    /// ```swift
    /// let configuration = NetworkLoggerPlugin.Configuration(
    ///     output: { _, lines in for line in lines { appLog.debug(line) } },
    ///     logOptions: .verbose,
    ///     masking: SecretMasking(maskedHeaders: ["X-Session-Id"]))
    /// ```
    ///
    /// An output that drops the lines at times (a release build, a log level that is off)
    /// should be a ``lazyOutput``: it gets a closure that formats the lines when called, so a
    /// call whose lines are dropped costs the request path almost nothing, where ``output``
    /// receives lines that were formatted (bodies, `curl` command, masking) whether or not
    /// they are kept.
    ///
    /// ```swift
    /// let configuration = NetworkLoggerPlugin.Configuration(
    ///     lazyOutput: { _, lines in
    ///         guard appLog.isDebugEnabled else { return }
    ///         for line in lines() { appLog.debug(line) }
    ///     },
    ///     logOptions: .verbose)
    /// ```
    public struct Configuration: Sendable {
        /// Receives the lines of one request or one response, with the target they concern
        /// (seen through `MultiTarget`).
        public typealias OutputType = @Sendable (_ target: any TargetType, _ items: [String]) -> Void
        /// Receives, with the target they concern, a closure that formats the lines of one request
        /// or one response when called; nothing is formatted unless it is called. It can be
        /// called only while the output runs.
        public typealias LazyOutputType = @Sendable (_ target: any TargetType, _ items: () -> [String]) -> Void

        /// Formats lines and bodies.
        public var formatter: Formatter
        /// Receives the lines; ``defaultOutput(target:items:)`` (standard error) by default.
        ///
        /// Setting it replaces ``lazyOutput`` with an output that formats every line; reading it
        /// from a lazy configuration gives an output that hands its lines to ``lazyOutput``.
        public var output: OutputType {
            get { { [lazyOutput] target, items in lazyOutput(target) { items } } }
            set { lazyOutput = { target, items in newValue(target, items()) } }
        }
        /// Receives a closure that formats the lines. Made with `init(lazyOutput:…)` it is that
        /// output; made with `init(output:…)` (or after ``output`` is set) it formats every
        /// line and hands them to ``output``.
        public var lazyOutput: LazyOutputType
        /// What is logged besides the request URL and the response line.
        public var logOptions: LogOptions
        /// The most bytes of a body that are logged; the rest is cut with a note saying how much.
        /// `4096` by default; `Int.max` logs whole bodies.
        public var bodyLimit: Int
        /// Which headers, query items and body fields are secret;
        /// <doc:/Courier/SecretMasking/default> by default, the recorder's policy too. Their
        /// values are masked wherever they appear in the lines of the same call.
        public var masking: SecretMasking
        /// Whether a call of `target` is logged at all; every call by default. When it answers
        /// `false` the logger returns at once, so a logger switched off this way (in a release
        /// build, for a noisy polling target) costs nothing on the request path, unlike an
        /// `output` that drops the lines after they were formatted (a ``lazyOutput`` that drops
        /// them costs next to nothing either: the time of the call is still noted).
        public var isEnabled: @Sendable (_ target: any TargetType) -> Bool

        /// Creates a configuration.
        ///
        /// - Parameters:
        ///   - formatter: formats lines and bodies; `Formatter()` by default.
        ///   - output: receives the lines; ``defaultOutput(target:items:)`` by default.
        ///   - logOptions: what to include; ``LogOptions/default`` (method and headers) by default.
        ///   - bodyLimit: the most bytes of a body logged; `4096` by default.
        ///   - masking: which names are secret; <doc:/Courier/SecretMasking/default> by default.
        ///   - isEnabled: whether a target's calls are logged; always by default.
        public init(
            formatter: Formatter = Formatter(),
            output: @escaping OutputType = Configuration.defaultOutput,
            logOptions: LogOptions = .default,
            bodyLimit: Int = 4096,
            masking: SecretMasking = .default,
            isEnabled: @escaping @Sendable (_ target: any TargetType) -> Bool = { _ in true }
        ) {
            self.init(
                formatter: formatter, lazyOutput: { target, items in output(target, items()) }, logOptions: logOptions,
                bodyLimit: bodyLimit, masking: masking,
                isEnabled: isEnabled)
        }

        /// Creates a configuration whose output formats the lines only when it asks for them.
        ///
        /// - Parameters:
        ///   - formatter: formats lines and bodies; `Formatter()` by default.
        ///   - lazyOutput: receives a closure that formats the lines; a call whose closure is not
        ///     called is not formatted at all.
        ///   - logOptions: what to include; ``LogOptions/default`` (method and headers) by default.
        ///   - bodyLimit: the most bytes of a body logged; `4096` by default.
        ///   - masking: which names are secret; <doc:/Courier/SecretMasking/default> by default.
        ///   - isEnabled: whether a target's calls are logged; always by default.
        public init(
            formatter: Formatter = Formatter(),
            lazyOutput: @escaping LazyOutputType,
            logOptions: LogOptions = .default,
            bodyLimit: Int = 4096,
            masking: SecretMasking = .default,
            isEnabled: @escaping @Sendable (_ target: any TargetType) -> Bool = { _ in true }
        ) {
            self.formatter = formatter
            self.lazyOutput = lazyOutput
            self.logOptions = logOptions
            self.bodyLimit = max(0, bodyLimit)
            self.masking = masking
            self.isEnabled = isEnabled
        }

        /// Writes each line to standard error, followed by a newline.
        public static func defaultOutput(target: any TargetType, items: [String]) {
            guard !items.isEmpty else { return }
            FileHandle.standardError.write(Data((items.joined(separator: "\n") + "\n").utf8))
        }
    }
}
