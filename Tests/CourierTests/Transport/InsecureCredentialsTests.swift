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
        var query: [String: String] = [:]

        var baseURL: URL { URL(string: base) ?? URL(fileURLWithPath: "/") }
        var path: String { "/me" }
        var method: HTTPMethod { .get }
        var task: RequestTask {
            query.isEmpty ? .requestPlain : .requestParameters(parameters: query, encoding: URLEncoding.queryString)
        }
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

    /// The refusal of `call` with credentials over plain HTTP, after checking nothing was sent.
    private func refusal(of call: Call, sourceLocation: SourceLocation = #_sourceLocation) async
        -> InsecureCredentialsError?
    {
        let transport = CountingTransport()
        let error = await #expect(throws: CourierError.self, sourceLocation: sourceLocation) {
            try await provider(transport, allowing: false).request(call)
        }
        #expect(transport.sent.withLock { $0 } == 0, sourceLocation: sourceLocation)
        guard case .underlying(let underlying, nil) = error else { return nil }
        return underlying as? InsecureCredentialsError
    }

    @Test(
        "refused: hosts that only look like loopback",
        arguments: [
            "http://127.attacker.example", "http://127.0.0.1.attacker.example", "http://127.0.0.1.nip.io",
            "http://localhost.attacker.example", "http://app.localhost", "http://127.0.0.256",
            "http://127.0.0", "http://[::2]", "http://[::ffff:8.8.8.8]", "http://0x7f.0.0.1",
        ])
    func lookalikeHostsRefused(base: String) async throws {
        let refusal = await refusal(of: Call(base: base, headers: ["Authorization": "Bearer secret"]))
        #expect(refusal?.headers == ["Authorization"])
    }

    @Test(
        "allowed: every spelling of a loopback address",
        arguments: [
            "http://127.0.0.1", "http://127.1.2.3", "http://127.255.255.254", "http://LOCALHOST:8080",
            "http://[0:0:0:0:0:0:0:1]:8080", "http://[::ffff:127.0.0.1]",
        ])
    func loopbackSpellingsAllowed(base: String) async throws {
        let transport = CountingTransport()
        let call = Call(base: base, headers: ["Authorization": "Bearer secret"], query: ["access_token": "t"])
        _ = try await provider(transport, allowing: false).request(call)
        #expect(transport.sent.withLock { $0 } == 1)
    }

    @Test(
        "refused: API-key and token headers",
        arguments: ["X-API-Key", "Api-Key", "X-Auth-Token", "X-Access-Token", "X-Client-Secret", "X-Session-Id"])
    func keyHeadersRefused(header: String) async throws {
        let refusal = await refusal(of: Call(base: "http://api.example.com", headers: [header: "k-123"]))
        #expect(refusal?.headers == [header])
    }

    @Test(
        "refused: credentials in the query",
        arguments: [
            "access_token", "api_key", "apikey", "key", "token", "Access_Token", "refresh_token", "client_secret",
            "password", "auth", "sessionid",
        ])
    func queryCredentialsRefused(name: String) async throws {
        let refusal = await refusal(of: Call(base: "http://api.example.com", query: [name: "k-123", "page": "1"]))
        #expect(refusal?.queryItems == [name])
        #expect(refusal?.headers == [])
    }

    @Test("refused: a user and password in the URL")
    func userInfoRefused() async throws {
        let refusal = await refusal(of: Call(base: "http://alice:s3cret@api.example.com"))
        #expect(refusal?.carriesUserInfo == true)
        #expect(refusal?.host == "api.example.com")
        #expect(refusal?.errorDescription?.contains("s3cret") == false)
    }

    @Test("allowed: headers and query items that are not credentials")
    func ordinaryNamesAllowed() async throws {
        let transport = CountingTransport()
        let call = Call(
            base: "http://api.example.com", headers: ["X-Request-Id": "1", "Idempotency-Key": "2", "Accept": "*/*"],
            query: ["page": "1", "keyword": "tea", "monkey": "3", "sort_key": "price"])
        _ = try await provider(transport, allowing: false).request(call)
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
        #expect(text.contains("Authorization"))
        #expect(text.contains("allowsCredentialsOverPlainHTTP"))
        #expect(!text.contains("secret-token"))
    }
}
