import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `trackInflights` judges a request as its first hop is sent, with the cookies the chain adds from
/// the transport's storage: two users' identical calls, one after the other's login, never share
/// an answer.
@Suite("trackInflights and transport cookies", .timeLimit(.minutes(1)))
struct InflightCookieTests {
    /// A ``GatedTransport`` whose storage holds one session cookie, switched by the test.
    final class SessionTransport: HopSettingsTransport {
        let gate = GatedTransport()
        let cookies = SessionCookieStorage()

        init() {
            cookies.session = "alice"
        }

        func send(_ request: TransportRequest) async throws -> TransportResponse {
            try await gate.send(request)
        }

        var redirectRules: RedirectRules { .standard }

        func cookieStorage(for request: URLRequest) -> HTTPCookieStorage? {
            cookies.storage
        }
    }

    @Test("a call made after the session cookie changed does not join the previous session's call")
    func anotherSessionIsNotShared() async throws {
        let transport = SessionTransport()
        let provider = Provider<CoreTestTarget>(transport: transport, trackInflights: true)
        let target = CoreTestTarget(path: "/me")
        let alice = Task { try await provider.request(target).mapString() }
        #expect(await transport.gate.started.nextElement() == 1)
        transport.cookies.session = "bob"
        let bob = Task { try await provider.request(target).mapString() }
        #expect(await transport.gate.started.nextElement() == 2, "bob's call reached the transport itself")
        transport.gate.release(1, body: "alice")
        transport.gate.release(2, body: "bob")
        #expect(try await alice.value == "alice")
        #expect(try await bob.value == "bob")
    }
}
