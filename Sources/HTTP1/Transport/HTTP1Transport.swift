import Courier
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A ``Transport`` that speaks HTTP/1.1 itself, over non-blocking POSIX sockets and one epoll
/// thread, for plain `http://` URLs on Linux.
///
/// FoundationNetworking's `URLSession` spends about half a millisecond of CPU per request on
/// Linux; for services that call plain-HTTP APIs on loopback or inside a mesh, that is the
/// bottleneck. This transport costs a small fraction of it and needs no package.
///
/// What it does:
///
/// - **HTTP/1.1** (RFC 9112): `Content-Length`, chunked and close-delimited bodies; no body for
///   `HEAD`, `1xx`, `204` and `304`; header size and count limits; anything malformed fails with
///   an ``HTTPParseError``, and a request that could inject a header or a line fails with an
///   ``HTTPRequestError`` before anything is sent.
/// - **Keep-alive**: a pool per host and port, at most ``Options/maximumConnectionsPerHost``
///   connections, idle ones closed after ``Options/idleConnectionTimeout``. When a pooled
///   connection turns out to have been closed by the server, an idempotent request (`GET`,
///   `HEAD`, `OPTIONS`, `TRACE`, `PUT`, `DELETE`) is sent again once on a new connection;
///   others fail with `URLError(.networkConnectionLost)`.
/// - **Timeouts and cancellation**: `URLRequest.timeoutInterval` is the longest silence (nothing
///   sent or received) before `URLError(.timedOut)`; cancelling the Swift task ends the call at
///   once with `CancellationError` and closes its connection.
/// - **Redirects**: as ``URLSessionTransport``: credentials never follow to another origin,
///   `307`/`308` keep the method and the body, `303` (and `301`/`302` after a `POST`) continue
///   with `GET`. A redirect to `https://` is sent through `fallback` when there is one.
/// - **Bodies**: `httpBody`, ``UploadSource/data(_:)``, ``UploadSource/file(_:)`` (streamed from
///   disk), and downloads written to a temporary file; progress is reported.
///
/// What it does not do — use ``RoutingTransport``, which sends those through `URLSession`:
/// `https://`, proxies, `httpBodyStream`, credentials in the URL, content decoding (it sends no
/// `Accept-Encoding`), cookies. On other systems than Linux ``isAvailable`` is `false` and
/// every call fails with `URLError(.unsupportedURL)`.
///
/// Progress closures of downloads run on the transport's I/O thread: keep them short.
///
/// ```swift
/// let provider = Provider<InventoryAPI>(transport: HTTP1Transport())
/// ```
public final class HTTP1Transport: Transport {
    /// The transport's limits and policies.
    public let options: Options
    /// Where a redirect to a URL this transport cannot send (`https://`) goes; `nil` returns
    /// the `3xx` response instead.
    public let fallback: (any Transport)?

    #if os(Linux)
        let pool: HTTP1ConnectionPool
        let counters = ExchangeCounters()
    #endif

    /// Creates a transport with a connection pool of its own.
    ///
    /// - Parameters:
    ///   - options: limits and policies; the defaults stated on ``Options`` by default.
    ///   - fallback: sends redirects to URLs this transport cannot send; `nil` by default.
    public init(options: Options = Options(), fallback: (any Transport)? = nil) {
        self.options = options
        self.fallback = fallback
        #if os(Linux)
            pool = HTTP1ConnectionPool(
                maximumPerHost: options.maximumConnectionsPerHost,
                idleTimeout: MonotonicClock.nanoseconds(options.idleConnectionTimeout) ?? 0)
        #endif
    }

    deinit {
        #if os(Linux)
            pool.closeIdleConnections()
        #endif
    }

    /// Whether this system can run the transport: Linux, with epoll available.
    public static var isAvailable: Bool {
        #if os(Linux)
            EventLoop.shared != nil
        #else
            false
        #endif
    }

    /// Whether this transport can send `request` itself: it is available, the URL is `http://`
    /// with an ASCII host and no user or password, the body is not an `httpBodyStream`, and the
    /// request asks for no content coding (`Accept-Encoding` absent or `identity`).
    public static func canSend(_ request: TransportRequest) -> Bool {
        guard isAvailable else { return false }
        let urlRequest = request.urlRequest
        guard urlRequest.httpBodyStream == nil, let url = urlRequest.url, url.user == nil, url.password == nil,
            HTTPRequestSerializer.Target.supports(url)
        else { return false }
        // A request that asks for a content coding wants it decoded, which only URLSession does.
        var identityOnly = true
        for (name, value) in urlRequest.allHTTPHeaderFields ?? [:] where name.caseInsensitiveEquals("Accept-Encoding") {
            HTTPResponseHead.forEachElement(in: value) { element in
                let coding = (element.split(separator: ";").first ?? "").trimmingCharacters(in: .whitespaces)
                if !coding.isEmpty, !coding.caseInsensitiveEquals("identity") { identityOnly = false }
            }
        }
        return identityOnly
    }

    /// Sends `request`; throws `CancellationError` when the Swift task is cancelled.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        #if os(Linux)
            guard let loop = EventLoop.shared else { throw URLError(.unsupportedURL) }
            return try await sendFollowingRedirects(request, loop: loop)
        #else
            throw URLError(.unsupportedURL)
        #endif
    }
}
