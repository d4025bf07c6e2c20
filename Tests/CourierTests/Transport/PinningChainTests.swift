import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The provider's pins hold on every hop: a hop to a pinned host is sent only where its pins are
/// checked, with the pins it must match, and otherwise fails before the transport sees it.
@Suite("Pinning: the chain's rule on every hop")
struct PinningChainTests {
    private static let pin = Data(repeating: 0x5A, count: 32).base64EncodedString()

    private func pins(_ hosts: [String: Set<String>]) throws -> PublicKeyPins { try PublicKeyPins(hosts) }

    private func error(of body: () async throws -> TransportResponse) async -> TransportError? {
        do {
            _ = try await body()
            Issue.record("the hop was sent")
        } catch {
            return error as? TransportError
        }
        return nil
    }

    @Test("an app's transport never receives a pinned hop: pinnedHostUnverifiable, nothing sent")
    func appTransport() async throws {
        let transport = ScriptedTransport()
        let chain = CallChain(transport: transport, pins: try pins(["api.example.com": [Self.pin]]))
        let request = TransportRequest(
            urlRequest: URLRequest(url: try #require(URL(string: "https://API.example.com./x"))))
        #expect(await error { try await chain.send(request) } == .pinnedHostUnverifiable(host: "api.example.com"))
        #expect(transport.requests.isEmpty)
        // Another host goes through, unpinned.
        let other = TransportRequest(urlRequest: URLRequest(url: try #require(URL(string: "https://other.example/x"))))
        _ = try await chain.send(other)
        #expect(transport.requests.first?.pinnedPublicKeys == nil)
    }

    @Test("plain http:// to a pinned host is refused, IPv6 spellings alike")
    func plainHTTP() async throws {
        let chain = CallChain(transport: UnreachableTransport(), pins: try pins(["[::1]": [Self.pin]]))
        for url in ["http://[::1]:8080/x", "http://[0:0:0:0:0:0:0:1]:8080/x"] {
            let request = TransportRequest(urlRequest: URLRequest(url: try #require(URL(string: url))))
            #expect(await error { try await chain.send(request) } == .pinnedHostUnverifiable(host: "::1"))
        }
    }

    #if canImport(FoundationNetworking)
        @Test("URLSession on Linux cannot check pins: a pinned hop is refused before its task is made")
        func urlSessionOnLinux() async throws {
            let chain = CallChain(transport: URLSessionTransport(), pins: try pins(["127.0.0.1": [Self.pin]]))
            let request = TransportRequest(
                urlRequest: URLRequest(url: try #require(URL(string: "https://127.0.0.1:9/x"))))
            #expect(await error { try await chain.send(request) } == .pinnedHostUnverifiable(host: "127.0.0.1"))
        }
    #endif

    @Test("a stubbed call to a pinned host is answered: no connection is made")
    func stubbed() async throws {
        var options = ProviderOptions()
        options.pinnedPublicKeys = try pins(["shop.example.com": [Self.pin]])
        let provider = Provider<CoreTestTarget>(stubClosure: Provider.immediatelyStub, options: options)
        var target = CoreTestTarget()
        target.baseURL = try #require(URL(string: "https://shop.example.com"))
        #expect(try await provider.request(target).statusCode == 200)
    }

    @Test(
        "pins that could never apply are refused when made",
        arguments: [
            ("api.example.com:443", PublicKeyPins.InvalidPins.Reason.notAHost),
            ("https://api.example.com", .notAHost), ("api example.com", .notAHost), ("api.example.com", .noPins),
        ])
    func invalidPins(host: String, reason: PublicKeyPins.InvalidPins.Reason) {
        #expect {
            try PublicKeyPins([host: reason == .noPins ? [] : [Self.pin]])
        } throws: { error in
            (error as? PublicKeyPins.InvalidPins).map { $0.host == host && $0.reason == reason } ?? false
        }
    }

    @Test("one spelling of a host for its pins: case, a trailing dot, IPv6 forms, percent-escapes")
    func spellings() throws {
        let pins = try pins(["API.Example.com.": [Self.pin], "[::1]": [Self.pin]])
        for host in ["api.example.com", "API.EXAMPLE.COM.", "%61pi.example.com", "::1", "[0:0:0:0:0:0:0:1]", "[::1]"] {
            #expect(pins.pins(for: host) == [Self.pin], "\(host)")
        }
        #expect(pins.pins(for: "example.com") == nil)
    }

    @Test("a redirect whose Location names a user is another origin: credentials are dropped")
    func redirectWithUserInfo() throws {
        var urlRequest = URLRequest(url: try #require(URL(string: "https://pinned.example/a")))
        urlRequest.setValue("Bearer secret", forHTTPHeaderField: "Authorization")
        let decision = RedirectPolicy.next(
            after: TransportRequest(urlRequest: urlRequest), status: 302, location: "https://x@pinned.example/b",
            responseURL: nil, redirectsFollowed: 0)
        guard case .follow(let next) = decision else {
            Issue.record("expected the redirect to be followed, got \(decision)")
            return
        }
        #expect(next.urlRequest.value(forHTTPHeaderField: "Authorization") == nil)
    }
}
