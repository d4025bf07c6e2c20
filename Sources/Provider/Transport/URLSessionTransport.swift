import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default ``Transport``: Foundation's `URLSession`, with a session of its own.
///
/// It differs from a bare `URLSession.shared` in ways that matter on Linux:
///
/// - its configuration (``defaultConfiguration()``) has no on-disk URL cache and keeps
///   cookies in memory, so nothing is written under `$HOME` and no cache folder is scanned
///   on every request;
/// - a `401` with a `WWW-Authenticate` challenge ends the call with the `401` response
///   instead of waiting forever (FoundationNetworking hangs there otherwise);
/// - a redirect to another scheme, host or port drops `Authorization`, `Cookie` and every
///   header the app added, so credentials never follow to a host the target did not name;
/// - a `307`/`308` redirect keeps the request's method and body;
/// - cancelling the Swift task cancels the `URLSessionTask` at once.
///
/// ```swift
/// let configuration = URLSessionTransport.defaultConfiguration()
/// configuration.timeoutIntervalForRequest = 15
/// let provider = Provider<MallAPI>(transport: URLSessionTransport(configuration: configuration))
/// ```
public final class URLSessionTransport: Transport {
    /// Limits and policies of a ``URLSessionTransport``.
    public struct Options: Sendable {
        /// The largest response body accepted, in bytes; larger ones fail with
        /// ``TransportError/responseTooLarge(limit:)``. `nil` (no limit) by default.
        public var maximumResponseSize: Int64?
        /// Whether redirects are followed; `true` by default. When `false`, the `3xx`
        /// response itself is returned.
        public var followsRedirects: Bool

        /// Creates options.
        public init(maximumResponseSize: Int64? = nil, followsRedirects: Bool = true) {
            self.maximumResponseSize = maximumResponseSize
            self.followsRedirects = followsRedirects
        }
    }

    /// The session requests are sent with.
    public let session: URLSession
    private let delegate: URLSessionTransportDelegate

    /// Creates a transport with a session of its own.
    ///
    /// - Parameters:
    ///   - configuration: the session configuration; ``defaultConfiguration()`` by default.
    ///   - options: limits and policies; no limits by default.
    public init(
        configuration: URLSessionConfiguration = URLSessionTransport.defaultConfiguration(),
        options: Options = Options()
    ) {
        let delegate = URLSessionTransportDelegate(options: options)
        self.delegate = delegate
        self.session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
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

    /// Sends `request`; throws `CancellationError` when the Swift task is cancelled.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        try Task.checkCancellation()
        let task = makeTask(for: request)
        let cancelTask: @Sendable () -> Void = { task.cancel() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                delegate.register(task, request: request, continuation: continuation)
                task.resume()
                if Task.isCancelled { task.cancel() }
            }
        } onCancel: {
            cancelTask()
        }
    }

    private func makeTask(for request: TransportRequest) -> URLSessionTask {
        switch request.kind {
        case .data:
            session.dataTask(with: request.urlRequest)
        case .upload(.data(let data)):
            session.uploadTask(with: request.urlRequest, from: data)
        case .upload(.file(let url)):
            session.uploadTask(with: request.urlRequest, fromFile: url)
        case .download:
            session.downloadTask(with: request.urlRequest)
        }
    }
}
