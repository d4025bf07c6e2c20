import Courier
import Foundation
import Testing

#if os(Linux)
    import CourierHTTP1
#endif

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An app's wrapper around a built-in transport (the pattern for logging or metrics) loses
/// nothing: the chain applies the wrapped transport's rules — cookies, content decoding,
/// redirects and their credential rule — exactly as unwrapped, and sends every hop through the
/// wrapper. Before, a wrapper got the chain's defaults: no cookies, bodies undecoded. (Pins: the
/// TLS suite, `TLSProviderPinningLiveTests`.)
@Suite("A transport wrapped by the app behaves as unwrapped (httpbin)", .requiresHttpbin)
struct TransportWrapperLiveTests {
    enum Kind: String, CaseIterable, Sendable {
        case urlSession, native, routing

        /// A fresh transport of this kind, cookies kept (the native transport in a storage of its own).
        func make() -> (any Transport)? {
            switch self {
            case .urlSession: return URLSessionTransport()
            case .native, .routing:
                #if os(Linux)
                    guard HTTP1Transport.isAvailable else { return nil }
                    if self == .routing { return RoutingTransport() }
                    return HTTP1Transport(
                        options: .init(cookieStorage: URLSessionTransport.defaultConfiguration().httpCookieStorage))
                #else
                    return self == .routing ? RoutingTransport() : nil
                #endif
            }
        }
    }

    /// What httpbin echoes: the cookies and headers it received, and whether it gzipped.
    private struct Echo: Decodable {
        var cookies: [String: String]?
        var headers: [String: String]?
        var gzipped: Bool?
    }

    /// What a provider over `transport` sees of cookies, decoding and a cross-origin redirect.
    private func observe(through transport: any Transport) async throws -> [String] {
        let counter = WrapperCounter()
        let provider = Provider<CoreBinTarget>(transport: ForwardingTransport(base: transport, counter: counter))
        let bare = Provider<CoreBinTarget>(transport: transport)
        var seen: [String] = []
        for (name, provider) in [("wrapped", provider), ("unwrapped", bare)] {
            let set = try await provider.request(
                try CoreBinTarget.bin(
                    "/cookies/set",
                    task: .requestParameters(parameters: ["k": name], encoding: URLEncoding.queryString)))
            let cookies = try JSONDecoder().decode(Echo.self, from: set.data).cookies ?? [:]
            let gzip = try JSONDecoder().decode(
                Echo.self, from: try await provider.request(try CoreBinTarget.bin("/gzip")).data)
            let base = try LiveServers.url(for: .httpbin)
            let other = try #require(otherOrigin(of: base)).appendingPathComponent("headers").absoluteString
            let redirected = try await provider.request(
                try CoreBinTarget.bin(
                    "/redirect-to",
                    task: .requestParameters(
                        parameters: ["url": other, "status_code": 302], encoding: URLEncoding.queryString),
                    headers: ["Authorization": "Bearer secret", "X-Trace": "t1"]))
            let headers = try JSONDecoder().decode(Echo.self, from: redirected.data).headers ?? [:]
            seen.append(
                "cookie \(cookies["k"] == name), gzip \(gzip.gzipped == true), redirect \(redirected.statusCode), "
                    + "Authorization \(headers["Authorization"] ?? "dropped")")
        }
        #expect(counter.count >= 5, "every hop went through the wrapper")
        return seen
    }

    @Test("cookies, decoding and redirects, wrapped and unwrapped", arguments: Kind.allCases)
    func sameRules(kind: Kind) async throws {
        guard let transport = kind.make() else { return }
        let seen = try await observe(through: transport)
        #expect(seen.count == 2)
        #expect(seen.first == seen.last, "\(kind): \(seen)")
        #expect(seen.first == "cookie true, gzip true, redirect 200, Authorization dropped", "\(kind): \(seen)")
    }
}

/// An app's wrapper: every request handed, unchanged, to `base`, counted.
struct ForwardingTransport: StreamingTransport {
    let base: any Transport
    var counter: WrapperCounter?
    var underlyingTransport: (any Transport)? { base }

    init(base: any Transport, counter: WrapperCounter? = nil) {
        self.base = base
        self.counter = counter
    }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        counter?.add()
        return try await base.send(request)
    }

    func stream(_ request: TransportRequest, into body: StreamedBody) async throws -> TransportResponse {
        counter?.add()
        guard let streaming = base as? any StreamingTransport else { throw URLError(.unsupportedURL) }
        return try await streaming.stream(request, into: body)
    }
}

/// How many hops a wrapper sent.
final class WrapperCounter: Sendable {
    private let state = LockedState(0)
    var count: Int { state.withLock { $0 } }
    func add() { state.withLock { $0 += 1 } }
}
