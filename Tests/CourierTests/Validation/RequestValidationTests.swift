import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The provider refuses a request that would not go to the wire as it reads, whoever made it
/// so, before any transport or stub sees it.
@Suite("Request validation: no smuggled request reaches a transport")
struct RequestValidationTests {
    private static let smuggling = "x\r\nContent-Length: 0\r\n\r\nGET /id?i=SMUGGLED HTTP/1.1\r\nHost: a"

    private func refusal(
        _ target: CoreTestTarget, endpoint: (@Sendable (Endpoint) -> Endpoint)? = nil,
        requestClosure: (@Sendable (Endpoint) async throws -> URLRequest)? = nil,
        plugins: [any PluginType] = [], stub: Bool = false
    ) async -> InvalidRequestError? {
        let transport = ScriptedTransport()
        let provider = Provider<CoreTestTarget>(
            endpointClosure: { target in
                (endpoint ?? { $0 })(Provider<CoreTestTarget>.defaultEndpointMapping(for: target))
            },
            requestClosure: requestClosure ?? Provider<CoreTestTarget>.defaultRequestMapping,
            stubClosure: stub ? Provider<CoreTestTarget>.immediatelyStub : Provider<CoreTestTarget>.neverStub,
            transport: transport, plugins: plugins)
        defer { #expect(transport.requests.isEmpty, "the transport saw the request") }
        do {
            _ = try await provider.request(target)
            Issue.record("the request was sent")
        } catch CourierError.underlying(let error as InvalidRequestError, nil) {
            return error
        } catch {
            Issue.record("expected an InvalidRequestError, got \(error)")
        }
        return nil
    }

    @Test("a CR or LF in a target's header value", arguments: [smuggling, "a\nb", "a\rb", "nul\u{0}", "esc\u{1B}[31m"])
    func targetHeaderValue(value: String) async {
        let error = await refusal(CoreTestTarget(headers: ["X-Device-Name": value]))
        #expect(error?.reason == .headerValue(name: "X-Device-Name"))
        #expect(error?.errorDescription?.contains("SMUGGLED") == false)
    }

    @Test("a CR or LF in a header the endpoint closure adds, stubbed or not", arguments: [false, true])
    func endpointHeader(stub: Bool) async {
        let error = await refusal(
            CoreTestTarget(), endpoint: { $0.adding(newHTTPHeaderFields: ["X-Trace": Self.smuggling]) }, stub: stub)
        #expect(error?.reason == .headerValue(name: "X-Trace"))
    }

    @Test("a header name that is not a token", arguments: ["", "X Trace", "X-Trace:", "X\r\nEvil", "Ünïcode"])
    func headerName(name: String) async {
        let error = await refusal(CoreTestTarget(headers: [name: "1"]))
        #expect(error?.reason == .headerName(name))
    }

    @Test("a method with CR/LF set by the request closure")
    func methodFromRequestClosure() async {
        let error = await refusal(
            CoreTestTarget(),
            requestClosure: { endpoint in
                var request = try endpoint.urlRequest()
                request.httpMethod = "GET /x HTTP/1.1\r\nHost: a\r\n\r\nPOST"
                return request
            })
        #expect(error?.reason == .method("GET /x HTTP/1.1\r\nHost: a\r\n\r\nPOST"))
    }

    @Test("a method and a header set by a plugin's prepare")
    func fromPlugin() async {
        let method = await refusal(CoreTestTarget(), plugins: [EditingPlugin { $0.httpMethod = "GE T" }])
        #expect(method?.reason == .method("GE T"))
        let header = await refusal(
            CoreTestTarget(), plugins: [EditingPlugin { $0.allHTTPHeaderFields = ["X-Sig": "a\r\nb"] }])
        #expect(header?.reason == .headerValue(name: "X-Sig"))
    }

    @Test(
        "framing headers are the transport's",
        arguments: [
            "Content-Length", "transfer-encoding", "Connection", "Keep-Alive", "Upgrade", "TE", "Proxy-Connection",
        ])
    func framingHeader(name: String) async {
        let error = await refusal(
            CoreTestTarget(method: .post, task: .requestData(Data("x".utf8)), headers: [name: "5"]))
        #expect(error?.reason == .framingHeader(name: name))
    }

    // A Host of the target's sent the request to the URL's host in another's name, and its answer
    // was stored under the URL's key: the next plain call got evil.example's answer.
    @Test("Host is the URL's: a target's Host header is refused, in any spelling, stubbed or not")
    func host() async throws {
        for value in ["evil.example", "evil .example", "internal.example.com"] {
            for name in ["Host", "host", "HOST"] {
                let error = await refusal(CoreTestTarget(headers: [name: value]))
                #expect(error?.reason == .framingHeader(name: name), "\(name): \(value)")
                let stubbed = await refusal(CoreTestTarget(headers: [name: value]), stub: true)
                #expect(stubbed?.reason == .framingHeader(name: name), "stubbed \(name): \(value)")
            }
        }
    }

    @Test("ordinary requests pass: tabs, UTF-8 and every method")
    func ordinary() async throws {
        let transport = ScriptedTransport()
        let provider = Provider<CoreTestTarget>(transport: transport)
        for method in [HTTPMethod.get, .post, .put, .patch, .delete, .head, .options] {
            _ = try await provider.request(
                CoreTestTarget(method: method, headers: ["X-Name": "中文\tvalue ✓", "Accept": "*/*"]))
        }
        #expect(transport.requests.count == 7)
    }

    @Test("replaceHeaderField throws instead of dropping the header")
    func replaceHeaderFieldThrows() throws {
        var request = URLRequest(url: try #require(URL(string: "https://api.example.com")))
        request.allHTTPHeaderFields = ["Authorization": "Bearer old"]
        #expect(throws: InvalidRequestError(.headerValue(name: "Authorization"))) {
            try request.replaceHeaderField("Authorization", value: "Bearer a\r\nX-Evil: 1")
        }
        #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer old")
    }
}

/// A plugin whose `prepare` applies `edit`.
private struct EditingPlugin: PluginType {
    let edit: @Sendable (inout URLRequest) -> Void

    func prepare(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
        var request = request
        edit(&request)
        return request
    }
}
