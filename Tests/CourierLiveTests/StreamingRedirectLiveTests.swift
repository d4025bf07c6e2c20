import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

#if os(Linux)
    import CourierHTTP1
#endif

/// A streaming call follows redirects as a data call does (by `RedirectPolicy`), through the
/// transport `COURIER_TEST_TRANSPORT` chooses: httpbin's `/redirect-to` in front of `/stream/3`,
/// and the scenario server's redirects in front of `/streaming/echo`, which answers the request's
/// method, `Authorization` and body as three events.
@Suite(.requiresScenarioServer, .timeLimit(.minutes(2)))
struct StreamingRedirectLiveTests {
    struct Route: TargetType {
        let base: URL
        let path: String
        var query: [String: any Sendable] = [:]
        var method: HTTPMethod = .get
        var body: String?
        var headers: [String: String]? = nil

        var baseURL: URL { base }
        var task: RequestTask {
            if let body { return .requestCompositeData(bodyData: Data(body.utf8), urlParameters: query) }
            return query.isEmpty
                ? .requestPlain : .requestParameters(parameters: query, encoding: URLEncoding.queryString)
        }
    }

    private let provider = Provider<Route>(transport: TestTransport.make())

    private func scenario(_ path: String, _ query: [String: any Sendable] = [:]) throws -> Route {
        Route(base: try LiveServers.url(for: .scenario), path: path, query: query)
    }

    /// The events of `/streaming/echo` behind `route`, by name.
    private func echo(_ route: Route, over provider: Provider<Route>? = nil) async throws -> [String: String] {
        var echoed: [String: String] = [:]
        for try await event in (provider ?? self.provider).events(route) { echoed[event.event] = event.data }
        return echoed
    }

    @Test(.requiresHttpbin, arguments: [301, 302, 303, 307, 308])
    func httpbinRedirectsToAStreamOfLines(status: Int) async throws {
        let httpbin = try LiveServers.url(for: .httpbin)
        let target = httpbin.appendingPathComponent("stream/3").absoluteString
        struct Line: Decodable, Sendable { let id: Int }
        var ids: [Int] = []
        let route = Route(base: httpbin, path: "/redirect-to", query: ["url": target, "status_code": status])
        for try await line in provider.lines(route, as: Line.self) { ids.append(line.id) }
        #expect(ids == [0, 1, 2])
    }

    @Test func anEventStreamBehindA307KeepsThePOSTAndItsBody() async throws {
        var route = try scenario("/redirect/same-host", ["status": 307, "to": "/streaming/echo"])
        route.method = .post
        route.body = "order=A-1"
        let echoed = try await echo(route)
        #expect(echoed["method"] == "POST")
        #expect(echoed["body"] == "order=A-1")
    }

    @Test(arguments: [301, 302, 303])
    func aPOSTRedirectedBy30xStreamsAGETWithoutBody(status: Int) async throws {
        var route = try scenario("/redirect/same-host", ["status": status, "to": "/streaming/echo"])
        route.method = .post
        route.body = "order=A-1"
        let echoed = try await echo(route)
        #expect(echoed["method"] == "GET")
        #expect(echoed["body"] == "")
    }

    @Test func credentialsFollowOnlyToTheSameOrigin() async throws {
        let base = try LiveServers.url(for: .scenario)
        // The same server under its other name (over HTTPS too: the certificate names both).
        let elsewhere = try #require(otherOrigin(of: base)).appending(path: "streaming/echo")
        var same = try scenario("/redirect/same-host", ["to": "/streaming/echo"])
        same.headers = ["Authorization": "Bearer secret"]
        #expect(try await echo(same)["authorization"] == "Bearer secret")

        var other = try scenario(
            "/redirect/cross-host", ["status": 307, "to": elsewhere.absoluteString])
        other.headers = ["Authorization": "Bearer secret"]
        let echoed = try await echo(other)
        #expect(echoed["method"] == "GET")
        #expect(echoed["authorization"] == "")
    }

    @Test func aRedirectLoopFailsWithTooManyRedirects() async throws {
        await #expect {
            for try await _ in provider.events(try scenario("/streaming/loop")) {}
        } throws: { error in
            guard case .underlying(let underlying, _) = error as? CourierError else { return false }
            return (underlying as? URLError)?.code == .httpTooManyRedirects
        }
    }

    @Test func theStreamsResponseIsTheLastHops() async throws {
        let chain = CallChain(transport: TestTransport.make())
        let url = try #require(
            URL(string: try LiveServers.url(for: .scenario).absoluteString + "/streaming/loop?n=3"))
        let (head, body) = try await chain.stream(TransportRequest(urlRequest: URLRequest(url: url)))
        #expect(head.statusCode == 200)
        #expect(head.response.url?.path == "/streaming/echo")
        var text = Data()
        while let chunk = try await body.next() { text.append(chunk) }
        #expect(String(decoding: text, as: UTF8.self).hasPrefix("event: method\ndata: GET\n\n"))
    }

    @Test func withoutFollowingTheStreamIsTheRedirect() async throws {
        let options = URLSessionTransport.Options(followsRedirects: false)
        let chain = CallChain(transport: TestTransport.make(options))
        let url = try #require(
            URL(string: try LiveServers.url(for: .scenario).absoluteString + "/streaming/loop?n=0"))
        let (head, body) = try await chain.stream(TransportRequest(urlRequest: URLRequest(url: url)))
        #expect(head.statusCode == 302)
        #expect(head.value(forHTTPHeaderField: "Location") == "/streaming/echo")
        #expect(head.response.url?.path == "/streaming/loop")
        while try await body.next() != nil {}
    }

    #if os(Linux)
        @Test func theNativeTransportsRedirectLimitAppliesToStreams() async throws {
            let chain = CallChain(
                transport: RoutingTransport(nativeOptions: HTTP1Transport.Options(maximumRedirects: 2)))
            let url = try LiveServers.url(for: .scenario).absoluteString + "/streaming/loop?n="
            let within = try #require(URL(string: url + "1"))
            let beyond = try #require(URL(string: url + "2"))
            let (head, body) = try await chain.stream(TransportRequest(urlRequest: URLRequest(url: within)))
            #expect(head.statusCode == 200)
            body.cancel()
            await #expect {
                _ = try await chain.stream(TransportRequest(urlRequest: URLRequest(url: beyond)))
            } throws: { error in
                (error as? URLError)?.code == .httpTooManyRedirects
            }
        }
    #endif
}
