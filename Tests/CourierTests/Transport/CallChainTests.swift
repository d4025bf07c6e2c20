import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The chain below the plugins, over a transport that does one hop: the one redirect loop and the
/// cookie link, whatever the call's kind.
@Suite("The call chain: redirects and cookies per hop")
struct CallChainTests {
    /// A scripted transport that states its redirect rules and cookie storage.
    final class Settled: HopSettingsTransport {
        let scripted: ScriptedTransport
        let redirectRules: RedirectRules
        let cookies = SessionCookieStorage()

        init(rules: RedirectRules = .standard, answer: @escaping ScriptedTransport.Answer) {
            scripted = ScriptedTransport(answer: answer)
            redirectRules = rules
        }

        func send(_ request: TransportRequest) async throws -> TransportResponse {
            try await scripted.send(request)
        }

        func cookieStorage(for request: URLRequest) -> HTTPCookieStorage? {
            cookies.storage
        }
    }

    private static let start = URL(string: "https://api.example.com/v1/start")!

    /// `/start` and every other path but `/end` redirect one step further; `/end` answers.
    private static func redirecting(_ request: TransportRequest) -> TransportResponse {
        let url = request.urlRequest.url ?? start
        guard url.path != "/v1/end" else {
            return TransportResponse(response: .make(url: url, status: 200), data: Data("end".utf8))
        }
        let next = url.path == "/v1/start" ? "end" : "start"
        return TransportResponse(response: .make(url: url, status: 302, headers: ["Location": next]))
    }

    @Test("a redirect hop's download file is deleted; the final hop's is the answer's")
    func aRedirectsDownloadIsDeleted() async throws {
        let files = LockedState<[URL]>([])
        let transport = Settled { request in
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("chain-\(UUID().uuidString)")
            try Data("body".utf8).write(to: file)
            files.withLock { $0.append(file) }
            var answer = Self.redirecting(request)
            answer.downloadedFileURL = file
            return answer
        }
        let answer = try await CallChain(transport: transport).send(
            TransportRequest(urlRequest: URLRequest(url: Self.start), kind: .download))
        let written = files.withLock { $0 }
        #expect(written.count == 2)
        #expect(answer.downloadedFileURL == written.last)
        #expect(!FileManager.default.fileExists(atPath: written[0].path))
        if let last = written.last { try? FileManager.default.removeItem(at: last) }
    }

    @Test("past the transport's limit the call fails once, with httpTooManyRedirects and the last URL")
    func pastTheLimit() async throws {
        let transport = Settled(rules: RedirectRules(limit: 2)) { request in
            let url = request.urlRequest.url ?? Self.start
            return TransportResponse(response: .make(url: url, status: 307, headers: ["Location": "again"]))
        }
        await #expect {
            _ = try await CallChain(transport: transport).send(
                TransportRequest(urlRequest: URLRequest(url: Self.start)))
        } throws: { error in
            let urlError = error as? URLError
            return urlError?.code == .httpTooManyRedirects && urlError?.failingURL?.lastPathComponent == "again"
        }
        #expect(transport.scripted.requests.count == 3)
    }

    @Test("with the transport's followsRedirects off, the 3xx is the answer")
    func notFollowed() async throws {
        let transport = Settled(rules: RedirectRules(follows: false)) { Self.redirecting($0) }
        let answer = try await CallChain(transport: transport).send(
            TransportRequest(urlRequest: URLRequest(url: Self.start)))
        #expect(answer.statusCode == 302 && transport.scripted.requests.count == 1)
    }

    @Test("a cookie a redirect's answer sets is sent on the next hop, from the transport's storage")
    func cookiesPerHop() async throws {
        let transport = Settled { request in
            let url = request.urlRequest.url ?? Self.start
            if url.path == "/v1/start" {
                return TransportResponse(
                    response: .make(
                        url: url, status: 303, headers: ["Location": "end", "Set-Cookie": "session=alice; Path=/"]))
            }
            return TransportResponse(response: .make(url: url, status: 200))
        }
        var first = URLRequest(url: Self.start)
        first.setValue("theme=dark", forHTTPHeaderField: "Cookie")
        _ = try await CallChain(transport: transport).send(TransportRequest(urlRequest: first))
        let sent = transport.scripted.requests.map { $0.urlRequest.value(forHTTPHeaderField: "Cookie") }
        #expect(sent == ["theme=dark", "theme=dark; session=alice"])
        #expect(transport.cookies.session == "alice")
    }

    @Test("a transport of the app's own gets the defaults: redirects followed, no cookie storage")
    func defaultsForAnAppsTransport() async throws {
        let transport = ScriptedTransport { Self.redirecting($0) }
        let answer = try await CallChain(transport: transport).send(
            TransportRequest(urlRequest: URLRequest(url: Self.start)))
        #expect(String(decoding: answer.data, as: UTF8.self) == "end")
        #expect(answer.head.url?.lastPathComponent == "end")
    }
}
