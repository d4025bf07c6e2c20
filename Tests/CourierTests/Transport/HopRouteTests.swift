import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A transport that hands each hop to another (as `RoutingTransport` does) is asked where a hop
/// goes once, and the chain sends the hop there itself, with that route's cookies.
@Suite("The call chain: each hop routed once")
struct HopRouteTests {
    /// Routes every hop to `inner`, with `cookies`, counting how often it is asked.
    final class Router: HopSettingsTransport, StreamingTransport {
        let inner: ScriptedTransport
        let cookies = SessionCookieStorage()
        let asked = LockedState((routes: 0, storages: 0, sends: 0))
        /// The decoding rule its routes state.
        let decoding: ContentDecodingRule?

        init(decoding: ContentDecodingRule? = nil, answer: @escaping ScriptedTransport.Answer) {
            inner = ScriptedTransport(answer: answer)
            self.decoding = decoding
        }

        var redirectRules: RedirectRules { .standard }

        func cookieStorage(for request: URLRequest) -> HTTPCookieStorage? {
            asked.withLock { $0.storages += 1 }
            return cookies.storage
        }

        func contentDecoding(for request: TransportRequest) -> ContentDecodingRule? {
            decoding
        }

        func hopRoute(for hop: TransportRequest) -> HopRoute {
            asked.withLock { $0.routes += 1 }
            return HopRoute(transport: inner, cookieStorage: cookies.storage, contentDecoding: decoding)
        }

        func send(_ request: TransportRequest) async throws -> TransportResponse {
            asked.withLock { $0.sends += 1 }
            return try await inner.send(request)
        }

        func stream(_ request: TransportRequest, into body: StreamedBody) async throws -> TransportResponse {
            asked.withLock { $0.sends += 1 }
            return try await StreamedBody.stream(request, over: inner, into: body)
        }
    }

    private static let url = URL(string: "https://api.example.com/v1/me")!

    private static func answer(_ request: TransportRequest) -> TransportResponse {
        let url = request.urlRequest.url ?? Self.url
        guard url.path == "/v1/me" else {
            return TransportResponse(response: .make(url: url, status: 200), data: Data("me".utf8))
        }
        return TransportResponse(
            response: .make(url: url, status: 302, headers: ["Location": "/v1/you", "Set-Cookie": "sid=1; Path=/"]))
    }

    @Test("a data call's two hops are routed once each and sent on the route, with its cookies")
    func dataHops() async throws {
        let router = Router(answer: Self.answer)
        let answer = try await CallChain(transport: router).send(
            TransportRequest(urlRequest: URLRequest(url: Self.url)))
        #expect(answer.data == Data("me".utf8))
        let asked = router.asked.withLock { $0 }
        #expect(asked.routes == 2)
        #expect(asked.storages == 0)
        #expect(asked.sends == 0, "the chain sends to the route's transport, not through the router")
        #expect(router.inner.requests.last?.urlRequest.value(forHTTPHeaderField: "Cookie") == "sid=1")
    }

    @Test("a stream's hops are routed once each too")
    func streamHops() async throws {
        let router = Router(answer: Self.answer)
        let (_, body) = try await CallChain(transport: router).stream(
            TransportRequest(urlRequest: URLRequest(url: Self.url)))
        #expect(try await body.next() == Data("me".utf8))
        let asked = router.asked.withLock { $0 }
        #expect(asked.routes == 2)
        #expect(asked.sends == 0)
    }

    @Test("a stub answers in the route's place: the transport's cookies kept, its decoding rule not applied")
    func stubbedHop() async throws {
        let router = Router(
            decoding: ContentDecodingRule(maximumResponseSize: nil, maximumDownloadSize: nil), answer: Self.answer)
        let sample = HTTPURLResponse(
            url: Self.url, statusCode: 200, httpVersion: "HTTP/1.1",
            headerFields: ["Content-Encoding": "gzip", "Set-Cookie": "stub=1; Path=/"])!
        let stub = SampleTransport(sample: { .response(sample, Data("plain sample".utf8)) }, delay: nil, wait: nil)
        let chain = CallChain(transport: router).answering(with: stub)
        let answer = try await chain.send(TransportRequest(urlRequest: URLRequest(url: Self.url)))
        #expect(answer.data == Data("plain sample".utf8))
        #expect(answer.value(forHTTPHeaderField: "Content-Encoding") == "gzip")
        #expect(router.cookies.storage?.cookies?.contains { $0.name == "stub" } == true)
        #expect(router.asked.withLock { $0.routes } == 0)
    }
}
