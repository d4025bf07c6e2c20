import Courier
import CourierPlugins
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A header value, method or framing header chosen by whoever controls a string never makes a
/// transport write a second request: the canary answers each request with its own request line,
/// so a desynchronised connection shows.
@Suite("Hostile server: request smuggling", .requiresHostileServer)
struct SmugglingLiveTests {
    private static func attack(marker: String) -> String {
        "x\r\nContent-Length: 0\r\n\r\nGET /canary?i=\(marker) HTTP/1.1\r\nHost: h\r\nX-Pad: "
    }

    private func seen(_ marker: String, provider: Provider<HostileTarget>) async throws -> String {
        try await provider.text(HostileTarget("seen", query: ["marker": marker]))
    }

    @Test("a CR/LF header value is refused and the next call gets its own answer", arguments: HostileTransport.allCases)
    func headerValue(transport: HostileTransport) async throws {
        let marker = "SMUGGLED-\(transport)-\(UUID().uuidString.prefix(8))"
        let provider = Provider<HostileTarget>(transport: transport.make())
        await #expect(throws: CourierError.self) {
            _ = try await provider.request(
                try HostileTarget(
                    "canary", query: ["i": "attack"], headers: ["X-Device-Name": Self.attack(marker: marker)]))
        }
        for index in 0..<3 {
            let answer = try await provider.text(try HostileTarget("canary", query: ["i": "innocent\(index)"]))
            #expect(answer == "GET /canary?i=innocent\(index) HTTP/1.1")
        }
        #expect(try await seen(marker, provider: provider) == "0")
    }

    @Test("a CR/LF method from a plugin is refused", arguments: HostileTransport.allCases)
    func method(transport: HostileTransport) async throws {
        let marker = "SMUGGLED-M-\(transport)-\(UUID().uuidString.prefix(8))"
        let plugin = MethodPlugin(method: "GET /canary?i=\(marker) HTTP/1.1\r\nHost: h\r\n\r\nGET")
        let provider = Provider<HostileTarget>(transport: transport.make(), plugins: [plugin])
        await #expect(throws: CourierError.self) { _ = try await provider.request(try HostileTarget("canary")) }
        #expect(try await seen(marker, provider: Provider<HostileTarget>(transport: transport.make())) == "0")
    }

    @Test("an app's Content-Length or Transfer-Encoding is refused", arguments: HostileTransport.allCases)
    func framing(transport: HostileTransport) async throws {
        let marker = "SMUGGLED-F-\(transport)-\(UUID().uuidString.prefix(8))"
        let provider = Provider<HostileTarget>(transport: transport.make())
        let smuggled = Data("GET /canary?i=\(marker) HTTP/1.1\r\nHost: h\r\n\r\n".utf8)
        for header in [["Content-Length": "0"], ["Transfer-Encoding": "chunked"]] {
            await #expect(throws: CourierError.self) {
                _ = try await provider.request(
                    try HostileTarget("canary", method: .post, headers: header, body: smuggled))
            }
        }
        let answer = try await provider.text(try HostileTarget("canary", query: ["i": "after"], method: .post))
        #expect(answer == "POST /canary?i=after HTTP/1.1")
        #expect(try await seen(marker, provider: provider) == "0")
    }

    @Test("a CR/LF token from the token plugin stops the call", arguments: HostileTransport.allCases)
    func token(transport: HostileTransport) async throws {
        let marker = "SMUGGLED-T-\(transport)-\(UUID().uuidString.prefix(8))"
        let provider = Provider<MultiTarget>(
            transport: transport.make(), plugins: [AccessTokenPlugin { _ in Self.attack(marker: marker) }])
        await #expect(throws: CourierError.self) {
            _ = try await provider.request(.target(AuthorizedHostileTarget(base: try HostileTarget("canary"))))
        }
        #expect(try await seen(marker, provider: Provider<HostileTarget>(transport: transport.make())) == "0")
    }
}

/// A plugin that sets the request's method, as a careless signing plugin might.
private struct MethodPlugin: PluginType {
    let method: String

    func prepare(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
        var request = request
        request.httpMethod = method
        return request
    }
}
