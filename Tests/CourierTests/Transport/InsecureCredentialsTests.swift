import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Credentials over plain HTTP")
struct InsecureCredentialsTests {
    struct Call: TargetType {
        let base: String
        var headers: [String: String]?

        var baseURL: URL { URL(string: base) ?? URL(fileURLWithPath: "/") }
        var path: String { "/me" }
        var method: HTTPMethod { .get }
        var task: RequestTask { .requestPlain }
    }

    /// Counts what reaches the network.
    final class CountingTransport: Transport {
        let sent = LockedState(0)

        func send(_ request: TransportRequest) async throws -> TransportResponse {
            sent.withLock { $0 += 1 }
            let url = request.urlRequest.url ?? URL(fileURLWithPath: "/")
            guard let http = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: [:])
            else { throw URLError(.badServerResponse) }
            return TransportResponse(response: http)
        }
    }

    private func provider(_ transport: CountingTransport, allowing: Bool) -> Provider<Call> {
        Provider<Call>(transport: transport, options: ProviderOptions(allowsCredentialsOverPlainHTTP: allowing))
    }

    @Test(
        "refused: a credential header over plain HTTP to another machine, before anything is sent",
        arguments: ["Authorization", "Proxy-Authorization", "Cookie"])
    func refusedOverPlainHTTP(header: String) async throws {
        let transport = CountingTransport()
        let call = Call(base: "http://api.example.com", headers: [header: "secret"])

        let error = await #expect(throws: CourierError.self) {
            try await provider(transport, allowing: false).request(call)
        }

        guard case .underlying(let underlying, nil) = error else {
            Issue.record("expected .underlying, got \(String(describing: error))")
            return
        }
        let refusal = try #require(underlying as? InsecureCredentialsError)
        #expect(refusal.host == "api.example.com")
        #expect(refusal.headers == [header])
        #expect(transport.sent.withLock { $0 } == 0)
    }

    @Test(
        "allowed: HTTPS, loopback, calls without credentials, and the default setting",
        arguments: [
            ("https://api.example.com", true, false), ("http://127.0.0.1:8080", true, false),
            ("http://localhost:8080", true, false), ("http://[::1]:8080", true, false),
            ("http://api.example.com", false, false), ("http://api.example.com", true, true),
        ])
    func allowed(base: String, withCredentials: Bool, allowing: Bool) async throws {
        let transport = CountingTransport()
        let call = Call(base: base, headers: withCredentials ? ["Authorization": "Bearer secret"] : nil)

        let response = try await provider(transport, allowing: allowing).request(call)

        #expect(response.statusCode == 200)
        #expect(transport.sent.withLock { $0 } == 1)
    }

    @Test("the refusal says what was refused and how to allow it, without the secret")
    func description() {
        var request = URLRequest(url: URL(fileURLWithPath: "/"))
        request.url = URL(string: "http://api.example.com/me")
        request.setValue("Bearer secret-token", forHTTPHeaderField: "Authorization")
        let refusal = InsecureCredentialsError(refusing: request)
        let text = refusal?.errorDescription ?? ""
        #expect(text.contains("api.example.com"))
        #expect(text.contains("allowsCredentialsOverPlainHTTP"))
        #expect(!text.contains("secret-token"))
    }
}
