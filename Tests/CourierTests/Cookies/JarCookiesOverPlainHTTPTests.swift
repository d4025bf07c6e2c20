import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Stored cookies are credentials for `allowsCredentialsOverPlainHTTP: false` too (issue 45,
/// finding 2): a hop that would carry them in clear to a host other than loopback fails with
/// `InsecureCredentialsError` before anything is sent, the first hop or one a redirect led to.
@Suite("Cookies: stored cookies over plain HTTP")
struct JarCookiesOverPlainHTTPTests {
    struct Call: TargetType {
        let base: String
        var baseURL: URL { URL(string: base) ?? URL(fileURLWithPath: "/") }
        var path: String { "/me" }
        var method: HTTPMethod { .get }
        var task: RequestTask { .requestPlain }
    }

    /// A scripted transport with a cookie storage of its own, as the built-in transports have.
    final class Jarred: HopSettingsTransport {
        let scripted: ScriptedTransport
        let cookies = CookieJarProbe()

        init(
            answer: @escaping ScriptedTransport.Answer = { request in
                TransportResponse(response: .make(for: request.urlRequest, status: 200))
            }
        ) {
            scripted = ScriptedTransport(answer: answer)
        }

        func send(_ request: TransportRequest) async throws -> TransportResponse {
            try await scripted.send(request)
        }

        var redirectRules: RedirectRules { .standard }

        func cookieStorage(for request: URLRequest) -> HTTPCookieStorage? {
            cookies.storage
        }
    }

    private func provider(_ transport: Jarred, allowing: Bool) -> Provider<Call> {
        Provider<Call>(transport: transport, options: ProviderOptions(allowsCredentialsOverPlainHTTP: allowing))
    }

    /// The refusal `call` failed with; records an issue when it did not fail so.
    private func refusal(_ call: Call, through transport: Jarred) async -> InsecureCredentialsError? {
        do {
            _ = try await provider(transport, allowing: false).request(call)
            Issue.record("the call went through")
            return nil
        } catch {
            guard case .underlying(let underlying, nil) = error as? CourierError,
                let refusal = underlying as? InsecureCredentialsError
            else {
                Issue.record("expected an InsecureCredentialsError, got \(error)")
                return nil
            }
            return refusal
        }
    }

    @Test("a stored cookie for an http:// host fails the call before anything is sent")
    func firstHopRefused() async {
        let transport = Jarred()
        await transport.cookies.set("sid=1; Path=/", from: "http://api.example.com/login")
        let refusal = await refusal(Call(base: "http://api.example.com"), through: transport)
        #expect(refusal?.host == "api.example.com")
        #expect(refusal?.headers == ["Cookie"])
        #expect(refusal?.errorDescription?.contains("Cookie") == true)
        #expect(refusal?.errorDescription?.contains("1") == false)
        #expect(transport.scripted.requests.isEmpty)
    }

    @Test("a redirect to an http:// host with stored cookies fails that hop before it is sent")
    func redirectedHopRefused() async {
        let transport = Jarred { request in
            let url = request.urlRequest.url ?? URL(fileURLWithPath: "/")
            guard url.scheme == "https" else { return TransportResponse(response: .make(url: url, status: 200)) }
            return TransportResponse(
                response: .make(url: url, status: 302, headers: ["Location": "http://plain.example/"]))
        }
        await transport.cookies.set("sid=1; Path=/", from: "http://plain.example/")
        let refusal = await refusal(Call(base: "https://api.example.com"), through: transport)
        #expect(refusal?.host == "plain.example")
        #expect(transport.scripted.requests.map { $0.urlRequest.url?.host } == ["api.example.com"])
    }

    @Test("sent when allowed, to loopback, or when the storage has no cookie for the hop")
    func allowed() async throws {
        let transport = Jarred()
        await transport.cookies.set("sid=1; Path=/", from: "http://api.example.com/")
        await transport.cookies.set("local=1; Path=/", from: "http://127.0.0.1/")
        _ = try await provider(transport, allowing: true).request(Call(base: "http://api.example.com"))
        _ = try await provider(transport, allowing: false).request(Call(base: "http://127.0.0.1:8080"))
        _ = try await provider(transport, allowing: false).request(Call(base: "http://other.example"))
        _ = try await provider(transport, allowing: false).request(Call(base: "https://api.example.com"))
        #expect(
            transport.scripted.requests.map { $0.urlRequest.value(forHTTPHeaderField: "Cookie") } == [
                "sid=1", "local=1", nil, "sid=1",
            ])
    }
}
