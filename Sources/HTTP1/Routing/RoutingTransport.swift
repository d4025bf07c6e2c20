import Courier
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A ``Transport`` that sends each request through ``HTTP1Transport`` when it can, and through
/// ``URLSessionTransport`` otherwise.
///
/// The native transport is used when **all** of these hold (see ``route(for:)``):
///
/// - the system is Linux (``HTTP1Transport/isAvailable``);
/// - the URL is `http://` with an ASCII host, and no user or password in it;
/// - the body is not an `httpBodyStream`;
/// - the request asks for no content coding (no `Accept-Encoding`, or only `identity`);
/// - no HTTP proxy is configured (`http_proxy` / `HTTP_PROXY`), or the host is listed in
///   `no_proxy` / `NO_PROXY`.
///
/// Everything else goes to `URLSession`: `https://` (TLS would need a dependency), other
/// schemes, proxies, streams, compressed responses. A redirect from `http://` to `https://`
/// is handed to `URLSession` too.
///
/// One behaviour differs on the native path: cookies. `URLSession` keeps the cookies a server
/// sets (in the session's own storage) and sends them back; the native transport sends only
/// the `Cookie` header the request carries, as a service-to-service client usually wants.
///
/// A request goes through one transport only: once the native transport has sent it, its answer
/// is the answer, whatever it holds. A body in a content coding the native transport does not
/// decode (a server that compresses unasked) is returned as it came, with its `Content-Encoding`
/// header, as curl returns it without `--compressed`; it is never sent again through `URLSession`
/// (the server would see it twice, and FoundationNetworking would meet whatever made the first
/// answer unusual).
///
/// ```swift
/// let provider = Provider<InventoryAPI>(transport: RoutingTransport())
/// ```
public final class RoutingTransport: Transport {
    /// Which transport a request goes through.
    public enum Route: Sendable, Equatable {
        /// ``HTTP1Transport``.
        case native
        /// ``URLSessionTransport``.
        case urlSession
    }

    /// The transport for plain HTTP.
    public let native: HTTP1Transport
    /// The transport for everything else.
    public let urlSession: URLSessionTransport
    private let proxy: ProxySettings

    /// Creates a routing transport.
    ///
    /// - Parameters:
    ///   - nativeOptions: the native transport's options; its defaults by default. Give both
    ///     transports the same `maximumResponseSize` for the same results either way.
    ///   - urlSession: the transport for what the native one does not send; a new
    ///     ``URLSessionTransport`` by default.
    public init(
        nativeOptions: HTTP1Transport.Options = HTTP1Transport.Options(),
        urlSession: URLSessionTransport = URLSessionTransport()
    ) {
        self.urlSession = urlSession
        self.native = HTTP1Transport(options: nativeOptions, fallback: urlSession)
        self.proxy = ProxySettings(environment: ProcessInfo.processInfo.environment)
    }

    /// The transport `request` goes through, by the rules listed on ``RoutingTransport``.
    public func route(for request: TransportRequest) -> Route {
        guard HTTP1Transport.canSend(request) else { return .urlSession }
        if let host = request.urlRequest.url?.host, proxy.proxies(host: host) { return .urlSession }
        return .native
    }

    /// Sends `request` through the transport ``route(for:)`` picks.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        switch route(for: request) {
        case .urlSession:
            return try await urlSession.send(request)
        case .native:
            return try await native.send(request)
        }
    }
}

/// The HTTP proxy settings curl (so URLSession on Linux) reads from the environment.
private struct ProxySettings: Sendable {
    let isConfigured: Bool
    let exclusions: [String]

    init(environment: [String: String]) {
        let proxy = environment["http_proxy"] ?? environment["HTTP_PROXY"] ?? ""
        isConfigured = !proxy.trimmingCharacters(in: .whitespaces).isEmpty
        exclusions = (environment["no_proxy"] ?? environment["NO_PROXY"] ?? "")
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
    }

    /// Whether requests to `host` go through the proxy.
    func proxies(host: String) -> Bool {
        guard isConfigured else { return false }
        let host = host.lowercased()
        for exclusion in exclusions {
            if exclusion == "*" { return false }
            let domain = exclusion.hasPrefix(".") ? String(exclusion.dropFirst()) : exclusion
            if host == domain || host.hasSuffix("." + domain) { return false }
        }
        return true
    }
}
