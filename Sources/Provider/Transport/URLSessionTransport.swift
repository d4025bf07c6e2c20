import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default ``Transport``: Foundation's `URLSession`, with a session of its own that every
/// call, data, upload, download or stream, goes through.
///
/// It differs from a bare `URLSession.shared` in ways that matter on Linux:
///
/// - its configuration (``defaultConfiguration()``) has no on-disk URL cache and keeps
///   cookies in memory, so nothing is written under `$HOME` and no cache folder is scanned
///   on every request;
/// - a `401` with a `WWW-Authenticate` challenge ends the call with the `401` response
///   instead of waiting forever (FoundationNetworking hangs there otherwise);
/// - it does one hop: a `3xx` is returned as it came, and the session neither adds nor stores
///   cookies. The provider's chain follows redirects (by `RedirectPolicy`, the rules for every
///   transport: credentials never follow to another origin, a `307`/`308` keeps the method and
///   body) within ``Options/maximumRedirects``, and keeps cookies in the storage of
///   the configuration (`httpCookieStorage`, when `httpShouldSetCookies`);
/// - cancelling the Swift task cancels the `URLSessionTask` at once.
///
/// Its responses carry ``TransportResponse/timings`` it measures itself: ``CallTimings/total``
/// for every call but a stream (whose body outlives the call), and ``CallTimings/firstByte`` (when
/// the response head arrived) whenever the delegate sees the response, that is for every call but
/// a plain data call without progress or size limit. Both run from the request handed to the
/// transport. The connection phases stay `nil`: FoundationNetworking never calls
/// `urlSession(_:task:didFinishCollecting:)` on Linux, so there are no task metrics to read.
///
/// ```swift
/// let configuration = URLSessionTransport.defaultConfiguration()
/// configuration.timeoutIntervalForRequest = 15
/// let provider = Provider<MallAPI>(transport: URLSessionTransport(configuration: configuration))
/// ```
public final class URLSessionTransport: Transport {
    /// Limits and policies of a ``URLSessionTransport``.
    public struct Options: Sendable {
        /// The largest response body of a data or upload call accepted, in bytes; larger ones fail
        /// with ``TransportError/responseTooLarge(limit:)`` as soon as the count passes it.
        /// ``TransportResponse/defaultMaximumSize`` (64 MiB) by default; `nil` for no limit.
        ///
        /// On Linux, FoundationNetworking inflates a compressed body before the transport can
        /// count it, so with a limit the transport asks for an uncompressed answer
        /// (`Accept-Encoding: identity`) and refuses one compressed anyway with
        /// ``TransportError/unrequestedContentEncoding(_:)``, unless the request sets its own
        /// `Accept-Encoding` (then the decoded bytes are counted, and memory may run past the limit
        /// by what libcurl inflated meanwhile). Without a limit, a data call skips the delegate's
        /// per-piece callbacks (one hand-off per call instead of three or more).
        public var maximumResponseSize: Int64?
        /// The largest download accepted, in bytes; `nil` (no limit) by default. A download is
        /// written to disk as it arrives, so ``maximumResponseSize`` does not apply to it.
        public var maximumDownloadSize: Int64?
        /// Whether a provider over this transport follows redirects; `true` by default. When
        /// `false`, the `3xx` response itself is the answer. The transport itself always returns
        /// the `3xx`: redirects are followed by the provider's chain, one hop at a time.
        public var followsRedirects: Bool
        /// The most redirects a provider over this transport follows for one call before
        /// `URLError(.httpTooManyRedirects)`; `16` by default, as `HTTP1Transport`'s option of the
        /// same name.
        public var maximumRedirects = RedirectPolicy.maximumRedirects
        /// The folder a download is written to while it runs, before the provider moves it to
        /// its destination; `nil` (the system's temporary directory) by default. A folder on
        /// the destination's volume makes that move a rename instead of a copy.
        public var temporaryDirectory: URL?
        /// The clock of the idle timeout the transport keeps itself (a fractional
        /// `timeoutInterval`, a stream's wait for its head); a test's ``ManualClock`` or the system's.
        package var clock = WaitClock.system

        /// Creates options.
        public init(
            maximumResponseSize: Int64? = TransportResponse.defaultMaximumSize, followsRedirects: Bool = true,
            temporaryDirectory: URL? = nil, maximumDownloadSize: Int64? = nil
        ) {
            self.maximumResponseSize = maximumResponseSize
            self.maximumDownloadSize = maximumDownloadSize
            self.followsRedirects = followsRedirects
            self.temporaryDirectory = temporaryDirectory
        }
    }

    /// The session requests are sent with.
    public let session: URLSession
    /// The session's one delegate: it routes each task's callbacks to that task's record.
    let delegate: URLSessionTransportDelegate
    let options: Options
    /// Where tasks are made and resumed, off the callers' threads (see `URLSessionCall`).
    let submission = DispatchQueue(label: "Courier.URLSessionTransport.submission")
    /// The serial queue under the session's delegate queue, on a dispatch thread of its own (kept
    /// here: `OperationQueue.underlyingQueue` does not retain it). A queue that `URLSession` makes
    /// itself (an `OperationQueue` with no underlying queue) runs, on Linux, on dispatch's default
    /// root queue, whose threads are Swift's cooperative pool, one per core: every answer would
    /// wait for the pool, and a pool busy with an app's work would hold answers back until an
    /// idle timeout fired on a transfer that was not idle.
    private let callbackThread: DispatchQueue
    /// Whether `shutdown()` ended the transport; set on ``submission``, so no task is made after.
    let hasEnded = LockedState(false)
    /// The storage the provider's chain keeps this transport's cookies in: the configuration's
    /// `httpCookieStorage` when it sets cookies (`httpShouldSetCookies`), `nil` otherwise. Read once:
    /// a session's configuration is a copy made on every read.
    let cookieStorage: HTTPCookieStorage?

    /// Creates a transport with a session of its own.
    ///
    /// - Parameters:
    ///   - configuration: the session configuration; ``defaultConfiguration()`` by default.
    ///   - options: limits and policies; ``Options/init(maximumResponseSize:followsRedirects:temporaryDirectory:maximumDownloadSize:)``'s
    ///     defaults by default.
    public init(
        configuration: URLSessionConfiguration = URLSessionTransport.defaultConfiguration(),
        options: Options = Options()
    ) {
        let delegate = URLSessionTransportDelegate(options: options)
        self.delegate = delegate
        self.options = options
        cookieStorage = configuration.httpShouldSetCookies ? configuration.httpCookieStorage : nil
        // The chain adds and stores cookies on each hop, by its own rules; the session must not do
        // it a second time. FoundationNetworking stores every `Set-Cookie` it receives into the
        // configuration's storage by its own parser whatever `httpShouldSetCookies` says, so the
        // session gets no storage at all.
        let oneHop = configuration.copy() as? URLSessionConfiguration ?? configuration
        oneHop.httpShouldSetCookies = false
        oneHop.httpCookieStorage = nil
        let callbackThread = DispatchQueue(label: "Courier.URLSessionTransport.delegate")
        self.callbackThread = callbackThread
        let callbacks = OperationQueue()
        callbacks.name = "Courier.URLSessionTransport.delegate"
        callbacks.maxConcurrentOperationCount = 1
        callbacks.underlyingQueue = callbackThread
        self.session = URLSession(configuration: oneHop, delegate: delegate, delegateQueue: callbacks)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// The configuration a transport uses unless given another: `ephemeral` (cookies and
    /// credentials in memory only), no `URLCache`, and the cache policy that ignores local
    /// data, so every call reaches the server.
    public static func defaultConfiguration() -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return configuration
    }

    /// Sends `request` once and returns its answer, a `3xx` included; throws `CancellationError`
    /// when the Swift task is cancelled. The session's delegate tells Foundation to follow no
    /// redirect (it would resend a `307` without its body): the provider's chain follows them.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        let start = ContinuousClock.now
        let delivery = try await sendOnce(request)
        var answer = TransportResponse(
            response: delivery.response, data: delivery.data, downloadedFileURL: delivery.downloadedFileURL)
        answer.timings = CallTimings(
            firstByte: delivery.firstByteAt.map { $0 - start }, total: ContinuousClock.now - start)
        return answer
    }

    /// One task whose body is kept whole, in memory or in a file. A fractional `timeoutInterval`
    /// is kept by an ``IdleWatchdog`` (FoundationNetworking truncates it to whole seconds, so `0.5`
    /// would time out at once) and ends the call as `URLError(.timedOut)`, as the session's own
    /// timeout does.
    private func sendOnce(_ request: TransportRequest) async throws -> URLSessionTransportDelegate.Delivery {
        try Task.checkCancellation()
        var request = request
        // Cookies are the chain's: the request carries the ones it sends in its `Cookie` header.
        request.urlRequest.httpShouldHandleCookies = false
        let consumer = URLSessionBodyConsumer(kind: request.kind)
        #if canImport(FoundationNetworking)
            if consumer.sizeLimit(options) != nil,
                request.urlRequest.value(forHTTPHeaderField: "Accept-Encoding") == nil
            {
                try? request.urlRequest.replaceHeaderField("Accept-Encoding", value: ContentCoding.identity)
            }
        #endif
        let interval = request.urlRequest.timeoutInterval
        guard interval > 0, interval.rounded(.up) != interval else {
            return try await run(request, consumer: consumer, watchdog: nil)
        }
        let watchdog = IdleWatchdog(seconds: interval, clock: options.clock)
        var watched = request
        watched.urlRequest.timeoutInterval = interval.rounded(.up)
        let forward = request.progress
        watched.progress = { progress in
            watchdog.noteActivity()
            forward?(progress)
        }
        do {
            return try await run(watched, consumer: consumer, watchdog: watchdog)
        } catch {
            throw watchdog.hasFired ? URLError(.timedOut) : error
        }
    }
}

extension URLSessionTransport: HopSettingsTransport {
    /// ``Options/followsRedirects`` and ``Options/maximumRedirects``.
    package var redirectRules: RedirectRules {
        RedirectRules(follows: options.followsRedirects, limit: options.maximumRedirects)
    }

    /// The configuration's storage, for every request (see ``cookieStorage``). No decoding rule:
    /// the platform's URLSession decodes the codings it asks for by itself.
    package func cookieStorage(for request: URLRequest) -> HTTPCookieStorage? {
        cookieStorage
    }

    /// On Apple platforms, in the server-trust challenge of each new connection
    /// (``ChallengeAnswer``); never on Linux, where FoundationNetworking asks none.
    package var checksPins: Bool {
        #if canImport(FoundationNetworking)
            false
        #else
            true
        #endif
    }
}
