import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a transport does on top of the socket: redirects that keep credentials on their origin,
/// 307 bodies, idle timeouts, large bodies — through the live suite's transport (``TestTransport``).
/// The tests that build `URLSessionTransport` themselves test what it adds to FoundationNetworking:
/// 401 challenges, fractional timeouts, cancellation, no shared cookie storage.
@Suite("Transports (httpbin)", .requiresHttpbin)
struct TransportLiveTests {
    private let provider = Provider<CoreBinTarget>(transport: TestTransport.make())
    private let credentials = [
        "Authorization": "Bearer secret-token", "X-API-Key": "key-123", "Accept": "application/json",
    ]

    /// `/redirect-to` pointing at `url` with `status`, sent with credentials.
    private func redirect(to url: String, status: Int) throws -> CoreBinTarget {
        try CoreBinTarget.bin(
            "/redirect-to",
            task: .requestParameters(
                parameters: ["url": url, "status_code": status], encoding: URLEncoding.queryString),
            headers: credentials)
    }

    private func providerAddingQuery(_ parameters: [String: any Sendable]) -> Provider<CoreBinTarget> {
        Provider<CoreBinTarget>(
            endpointClosure: { target in
                Provider.defaultEndpointMapping(for: target).adding(parameters: parameters)
            }, transport: TestTransport.make())
    }

    @Test("a cross-origin redirect drops Authorization and app headers", arguments: [302, 307])
    func crossOriginRedirect(status: Int) async throws {
        let base = try LiveServers.url(for: .httpbin)
        let other = try #require(otherOrigin(of: base))
        let destination = other.appendingPathComponent("headers").absoluteString
        let echo = try await provider.request(try redirect(to: destination, status: status), as: BinEcho.self)
        #expect(echo.header("Host") == "\(other.host ?? ""):\(other.port ?? 80)", "the redirect was not followed")
        #expect(echo.header("Authorization") == nil)
        #expect(echo.header("X-API-Key") == nil)
        #expect(echo.header("Accept") == "application/json")
    }

    @Test("a same-origin redirect keeps Authorization and app headers", arguments: [302, 307])
    func sameOriginRedirect(status: Int) async throws {
        let echo = try await provider.request(try redirect(to: "/headers", status: status), as: BinEcho.self)
        #expect(echo.header("Authorization") == "Bearer secret-token")
        #expect(echo.header("X-API-Key") == "key-123")
    }

    @Test("a 307 or 308 redirect of a POST keeps the method and the body", arguments: [307, 308])
    func postThroughBodyKeepingRedirect(status: Int) async throws {
        let provider = providerAddingQuery(["url": "/anything", "status_code": status])
        let target = try CoreBinTarget.bin(
            "/redirect-to", method: .post, task: .requestJSONEncodable(["order": "A-1"]), headers: credentials)
        let echo = try await provider.request(target, as: BinEcho.self)
        #expect(echo.url?.hasSuffix("/anything") == true, "the redirect was not followed: \(echo.url ?? "-")")
        #expect(echo.method == "POST")
        #expect(echo.json == .object(["order": .string("A-1")]))
        #expect(echo.header("Authorization") == "Bearer secret-token")
    }

    @Test("a cross-origin 307 of a PUT keeps the body and drops the credentials")
    func crossOriginBodyKeepingRedirect() async throws {
        let other = try #require(otherOrigin(of: try LiveServers.url(for: .httpbin)))
        let destination = other.appendingPathComponent("anything").absoluteString
        let provider = providerAddingQuery(["url": destination, "status_code": 307])
        let target = try CoreBinTarget.bin(
            "/redirect-to", method: .put, task: .requestJSONEncodable(["order": "B-2"]), headers: credentials)
        let echo = try await provider.request(target, as: BinEcho.self)
        #expect(echo.header("Host") == "\(other.host ?? ""):\(other.port ?? 80)", "the redirect was not followed")
        #expect(echo.method == "PUT")
        #expect(echo.json == .object(["order": .string("B-2")]))
        #expect(echo.header("Authorization") == nil)
        #expect(echo.header("X-API-Key") == nil)
    }

    @Test("a 303 after a POST is followed with a GET")
    func seeOther() async throws {
        let provider = providerAddingQuery(["url": "/anything", "status_code": 303])
        let target = try CoreBinTarget.bin("/redirect-to", method: .post, task: .requestJSONEncodable(["a": 1]))
        let echo = try await provider.request(target, as: BinEcho.self)
        #expect(echo.method == "GET")
    }

    @Test("redirects are not followed when the transport is told so")
    func redirectsNotFollowed() async throws {
        let transport = TestTransport.make(.init(followsRedirects: false))
        let provider = Provider<CoreBinTarget>(transport: transport)
        let response = try await provider.request(try redirect(to: "/get", status: 302))
        #expect(response.statusCode == 302)
        #expect(response.value(forHTTPHeaderField: "Location") == "/get")
    }

    // FoundationNetworking waits on a challenged 401 until the request's timeout: a call that
    // hung would end as a timeout, so the 401 itself shows it did not.
    @Test(
        "the transport ends a 401 challenge with the 401 response, not a timeout",
        arguments: ["/status/401", "/basic-auth/user/passwd", "/digest-auth/auth/user/passwd"])
    func challengeEndsPromptly(path: String) async throws {
        let transport = URLSessionTransport()
        let url = try LiveServers.url(for: .httpbin).appendingPathComponent(String(path.dropFirst()))
        var request = URLRequest(url: url)
        request.timeoutInterval = LiveTiming.longBeforeTheDefault
        let answer = try await transport.send(TransportRequest(urlRequest: request))
        #expect(answer.response.statusCode == 401)
        #expect(answer.response.value(forHTTPHeaderField: "WWW-Authenticate") != nil)
    }

    // FoundationNetworking truncates a timeoutInterval to whole seconds: 0.3 would time out at
    // once and 1.2 after one second. Against a server that never answers, the call can only end
    // by its timeout; not before the limit, and far from the 60 s it would otherwise last.
    @Test(
        "a fractional timeoutInterval is kept, not truncated to whole seconds", .requiresScenarioServer,
        arguments: [0.3, 1.2])
    func fractionalTimeout(seconds limit: Double) async throws {
        var request = URLRequest(url: try LiveServers.url(for: .scenario).appendingPathComponent("fault/hang"))
        request.timeoutInterval = limit
        let transport = URLSessionTransport()
        let (failure, seconds) = await coreElapsed { () async -> (any Error)? in
            do {
                _ = try await transport.send(TransportRequest(urlRequest: request))
                return nil
            } catch {
                return error
            }
        }
        let error = try #require(failure, "expected a timeout")
        #expect((error as? URLError)?.code == .timedOut, "got \(error)")
        #expect(seconds >= limit - 0.05)
        #expect(seconds < LiveTiming.longBeforeTheDefault)
    }

    #if os(Linux)
        /// Sends `path` with `query` to a scenario server of the test's own (one that also serves
        /// the parallel suite can fall silent longer than a sub-second limit) through a
        /// URLSessionTransport, with a `timeoutInterval` of `limit`; returns the outcome, how long
        /// the call took, and how long it had been silent when it ended.
        private func send(
            _ path: String, query: String = "", limit: TimeInterval
        ) async throws -> (outcome: Result<TransportResponse, any Error>, seconds: Double, silence: Double) {
            let server = try await CacheLiveServerProcess.scenario()
            var urlRequest = URLRequest(url: server.baseURL.appendingPathComponent(path))
            if !query.isEmpty { urlRequest.url = URL(string: (urlRequest.url?.absoluteString ?? "") + "?" + query) }
            urlRequest.timeoutInterval = limit
            let measured = await Self.timed(urlRequest)
            await server.stop()
            return measured
        }

        /// `urlRequest` sent through a URLSessionTransport: its outcome, how long it took, and how
        /// long it had been silent (no progress) when it ended.
        private static func timed(
            _ urlRequest: URLRequest
        ) async -> (outcome: Result<TransportResponse, any Error>, seconds: Double, silence: Double) {
            let clock = ContinuousClock()
            let started = clock.now
            let lastMoved = LockedState(started)
            var request = TransportRequest(urlRequest: urlRequest)
            request.progress = { _ in lastMoved.withLock { $0 = clock.now } }
            let outcome: Result<TransportResponse, any Error>
            do {
                outcome = .success(try await URLSessionTransport().send(request))
            } catch {
                outcome = .failure(error)
            }
            let ended = clock.now
            let seconds = { (duration: Duration) in
                Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
            }
            return (outcome, seconds(ended - started), seconds(ended - lastMoved.withLock { $0 }))
        }

        /// FoundationNetworking truncates a timeout to whole seconds (0.9 to nothing at all) and
        /// counts it over the whole call; the transport keeps it as a limit on silence. A machine
        /// so busy that the call is silent for the whole limit ends it as a timeout, rightly: the
        /// tests below accept that, and only that.
        private func expectTimeoutOnlyAfterSilence(_ error: any Error, silence: Double, limit: Double) {
            #expect((error as? URLError)?.code == .timedOut, "got \(error)")
            #expect(silence >= limit - 0.05, "ended after \(silence) s of silence, under the \(limit) s limit")
        }

        // The native transport's sub-second timeouts are tested on virtual time
        // (SubSecondTimeoutTests); URLSession's timers run on real time only.
        @Test(
            "a sub-second timeout is an idle timeout: a body that keeps arriving is not cut",
            .enabled(if: TestTransport.kind == .urlSession))
        func subSecondTimeoutIsIdle() async throws {
            // 21 pieces over 2 s against a 0.9 s limit: a limit on the whole call would cut it.
            let (outcome, seconds, silence) = try await send(
                "fault/slow-body", query: "seconds=2&pieces=21", limit: 0.9)
            switch outcome {
            case .success(let answer):
                #expect(answer.data.count == 1024)
                #expect(seconds >= 1.8, "the server takes 2 s to send it")
            case .failure(let error):
                expectTimeoutOnlyAfterSilence(error, silence: silence, limit: 0.9)
            }
        }

        @Test("a sub-second timeout leaves a fast call alone", .enabled(if: TestTransport.kind == .urlSession))
        func subSecondTimeoutFastCall() async throws {
            // Truncated to whole seconds, a 0.8 s limit would end the call at once.
            let (outcome, _, silence) = try await send("health", limit: 0.8)
            switch outcome {
            case .success(let answer): #expect(answer.statusCode == 200)
            case .failure(let error): expectTimeoutOnlyAfterSilence(error, silence: silence, limit: 0.8)
            }
        }
    #endif

    // The server never answers: only the cancellation can end the call, whatever the time.
    @Test("cancelling the Swift task surfaces as CancellationError from the transport", .requiresScenarioServer)
    func transportCancellation() async throws {
        let transport = URLSessionTransport()
        let url = try LiveServers.url(for: .scenario).appendingPathComponent("fault/hang")
        let call = Task { try await transport.send(TransportRequest(urlRequest: URLRequest(url: url))) }
        call.cancel()
        let result = await call.result
        guard case .failure(let error) = result else {
            Issue.record("expected a failure")
            return
        }
        #expect(error is CancellationError, "got \(error)")
    }

    @Test("cookies a server sets stay in the transport's session, never in the shared cookie storage")
    func cookiesStayInTheSession() async throws {
        let base = try LiveServers.url(for: .httpbin)
        let transport = URLSessionTransport()
        let provider = Provider<CoreBinTarget>(transport: transport)
        let name = "courier_\(UInt32.random(in: 0...UInt32.max))"
        let set = try CoreBinTarget.bin(
            "/cookies/set", task: .requestParameters(parameters: [name: "v1"], encoding: URLEncoding.queryString))
        _ = try await provider.request(set)
        let shared = HTTPCookieStorage.shared.cookies(for: base) ?? []
        #expect(!shared.contains { $0.name == name })
        #expect(URLSessionTransport.defaultConfiguration().httpCookieStorage !== HTTPCookieStorage.shared)
    }

    @Test("a large body arrives whole")
    func largeBody() async throws {
        let response = try await provider.request(try CoreBinTarget.bin("/bytes/102400", validation: .successCodes))
        #expect(response.data.count == 102_400)
    }
}
