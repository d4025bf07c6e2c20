import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Logs every request and response: Moya's `NetworkLoggerPlugin`, with secrets masked.
///
/// ```swift
/// let provider = Provider<MallAPI>(plugins: [
///     NetworkLoggerPlugin(configuration: .init(logOptions: [.formatRequestAscURL, .errorResponseBody]))
/// ])
/// ```
///
/// For each call it writes the request when it is sent — the URL and, as ``LogOptions`` ask,
/// the method, headers and body, or one copy-pasteable `curl` command — and a response line
/// with the status, the method and URL and how long the call took (from `willSend` to
/// `didReceive`), followed by the body or the error. Each attempt of a retried call is logged.
///
/// Secrets never reach the output. ``Configuration/masking``
/// (<doc:/Courier/SecretMasking/default>, the recorder's policy too) names them: secret
/// headers are printed as `***` (keeping a scheme such as `Bearer`, and cookie names), secret
/// query items, a URL's password and secret JSON and form fields as `***`, in the request and
/// in the response (a login's tokens); and the same values are masked wherever else they
/// appear in the call's lines, in every spelling <doc:/Courier/SecretValues> knows — in a
/// response body that echoes them, in an error message. Every line has its control characters
/// escaped (`\n`, `\r`, `\u{1B}`), so a body cannot forge a line or drive the terminal. Bodies
/// longer than ``Configuration/bodyLimit`` are cut with a note of how much was left out, and
/// binary bodies are summarised in one line.
///
/// Calls of a `MultiTarget` are logged with the real target. When
/// ``Configuration/isEnabled`` answers `false` for a target, nothing at all is done for it.
public struct NetworkLoggerPlugin: PluginType {
    /// The headers masked by every logger, lowercased.
    @available(*, deprecated, renamed: "SecretMasking.alwaysMaskedHeaders")
    public static var alwaysMaskedHeaders: Set<String> { SecretMasking.alwaysMaskedHeaders }

    /// How the logger formats, what it includes and where it writes.
    public let configuration: Configuration
    let ledger = CallLedger()

    /// The calls between `willSend` and `didReceive` right now, for tests.
    var entriesInFlight: Int { ledger.count }

    /// Creates a logger.
    ///
    /// - Parameter configuration: formatting, output and options; `Configuration()` (standard
    ///   error, ``LogOptions/default``) by default.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Logs the request and notes when it was sent.
    ///
    /// Only the time and the request are noted before the output runs: the secrets are learnt
    /// and the lines formatted when the output asks for them (see ``Configuration/lazyOutput``).
    public func willSend(_ request: URLRequest, target: any TargetType) {
        let target = MultiTarget.unwrap(target)
        guard configuration.isEnabled(target) else { return }
        let start = ContinuousClock.now
        var masker: SecretMasker?
        configuration.lazyOutput(target) {
            // FoundationNetworking rebuilds this dictionary on every access: read it once.
            let headers = request.allHTTPHeaderFields ?? [:]
            let learnt = masker ?? secretMasker(for: request, headers: headers)
            masker = learnt
            return requestLines(for: request, headers: headers, target: target, masker: learnt)
        }
        ledger.begin(request, entry: CallLedger.Entry(start: start, request: request, masker: masker))
    }

    /// Logs the response line, with the time since ``willSend(_:target:)`` (and, with
    /// ``LogOptions/timings``, what the transport measured), and the body or error.
    public func didReceive(_ result: Result<Response, CourierError>, target: any TargetType) {
        let target = MultiTarget.unwrap(target)
        guard configuration.isEnabled(target) else { return }
        let response: Response? =
            switch result {
            case .success(let response): response
            case .failure(let error): error.response
            }
        let call = ledger.end(response?.request)
        // Read now: the output may run where the call's context is not bound.
        let timings = configuration.logOptions.contains(.timings) ? CallContext.current?.timings : nil
        configuration.lazyOutput(target) {
            responseLines(for: result, response: response, call: call, timings: timings, target: target)
        }
    }

    /// A masker that knows the secrets of `request`, whose headers are `headers`.
    func secretMasker(for request: URLRequest, headers: [String: String]) -> SecretMasker {
        var masker = SecretMasker(masking: configuration.masking)
        masker.collect(from: request, headers: headers)
        return masker
    }

    /// `entry(identifier, message)` through the configured formatter, the message's control
    /// characters escaped unless it is a `curl` command that escaped its own arguments.
    func line(_ identifier: String, _ message: String, _ target: any TargetType, escaped: Bool = false) -> String {
        configuration.formatter.entry(
            identifier, escaped ? message : LogText.escapingControlCharacters(message), target)
    }

    /// The message for a body: cut, summarised or formatted, with secrets masked.
    func bodyMessage(
        _ data: Data, contentType: String?, format: Formatter.DataFormatterType, masker: SecretMasker
    ) -> String {
        switch BodyDescriber(limit: configuration.bodyLimit).describe(data, contentType: contentType) {
        case .empty:
            return "(empty)"
        case .binary(let summary):
            return summary
        case .text(let shown, let cutBytes):
            let text = format(shown)
            guard cutBytes > 0 else { return masker.maskBody(text) }
            return masker.maskBodyCut(text) + " " + BodyDescriber.cutNote(shown: shown.count, cut: cutBytes)
        }
    }
}
