import CourierPlugins
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The built-in plugins against httpbin (and the scenario server for business messages):
/// tokens as servers see them, the logger on real traffic, activity balance and status messages.
@Suite("Plugins (httpbin)", .requiresHttpbin)
struct PluginsLiveTests {
    // MARK: - AccessTokenPlugin

    @Test(
        "bearer, basic and custom tokens reach /headers as set",
        arguments: [
            (AuthorizationType.bearer, "Bearer tok-live-123"), (.basic, "Basic tok-live-123"),
            (.custom("Token"), "Token tok-live-123"),
        ])
    func tokensSeenByHttpbin(type: AuthorizationType, expected: String) async throws {
        let provider = Provider<PluginBinTarget>(
            transport: TestTransport.make(), plugins: [AccessTokenPlugin { _ in "tok-live-123" }])
        var target = try PluginBinTarget.httpbin("/headers")
        target.authorizationType = type
        target.headers = ["authorization": "Bearer stale"]
        let echo = try await provider.request(target, as: HeadersEcho.self)
        #expect(echo.headers["Authorization"] == expected)
    }

    @Test("a target that opts out sends no Authorization header")
    func optedOutTarget() async throws {
        let provider = Provider<PluginBinTarget>(
            transport: TestTransport.make(), plugins: [AccessTokenPlugin { _ in "tok-live-123" }])
        let echo = try await provider.request(try PluginBinTarget.httpbin("/headers"), as: HeadersEcho.self)
        #expect(echo.headers["Authorization"] == nil)
    }

    @Test("/bearer accepts the bearer token, and refuses a target that opts out")
    func bearerEndpoint() async throws {
        let provider = Provider<PluginBinTarget>(
            transport: TestTransport.make(), plugins: [AccessTokenPlugin { _ in "tok-live-123" }])
        var target = try PluginBinTarget.httpbin("/bearer")
        target.authorizationType = .bearer
        let answer = try await provider.request(target, as: BearerAnswer.self)
        #expect(answer == BearerAnswer(authenticated: true, token: "tok-live-123"))

        target.authorizationType = nil
        await #expect(throws: CourierError.self) { try await provider.request(target) }
    }

    @Test("/basic-auth/user/pass accepts Basic credentials and refuses wrong ones")
    func basicAuthEndpoint() async throws {
        var target = try PluginBinTarget.httpbin("/basic-auth/user/pass")
        target.authorizationType = .basic
        let right = Provider<PluginBinTarget>(
            transport: TestTransport.make(),
            plugins: [
                AccessTokenPlugin { _ in AccessTokenPlugin.basicToken(user: "user", password: "pass") }
            ])
        #expect(try await right.request(target).statusCode == 200)

        let wrong = Provider<PluginBinTarget>(
            transport: TestTransport.make(),
            plugins: [
                AccessTokenPlugin { _ in AccessTokenPlugin.basicToken(user: "user", password: "nope") }
            ])
        do {
            _ = try await wrong.request(target)
            Issue.record("wrong credentials were accepted")
        } catch CourierError.sessionExpired(let response) {
            #expect(response.statusCode == 401)
        }
    }

    // MARK: - NetworkLoggerPlugin

    @Test("a token httpbin echoes back never reaches the log unmasked, in any mode")
    func loggerMasksEchoedToken() async throws {
        let token = "tok-live-7c1d2e9f"
        for options in [NetworkLoggerPlugin.LogOptions.verbose, [.formatRequestAscURL, .successResponseBody]] {
            let log = LiveLog()
            let provider = Provider<PluginBinTarget>(
                transport: TestTransport.make(),
                plugins: [
                    AccessTokenPlugin { _ in token },
                    NetworkLoggerPlugin(configuration: log.configuration(options)),
                ])
            for path in ["/headers", "/bearer"] {
                var target = try PluginBinTarget.httpbin(path)
                target.authorizationType = .bearer
                let response = try await provider.request(target)
                #expect(String(decoding: response.data, as: UTF8.self).contains(token), "httpbin echoes it")
            }
            #expect(!log.text.contains(token), "\(log.text)")
            #expect(log.text.contains("Bearer ***"))
            let responses = log.lines.filter { $0.hasPrefix("Response: ") }
            #expect(responses.count == 2)
            #expect(responses.allSatisfy { $0.hasPrefix("Response: 200 GET http") && $0.hasSuffix(")") })
        }
    }

    @Test("failures: an HTTP error logs its status and body, a refused connection its error")
    func loggerFailures() async throws {
        let log = LiveLog()
        let provider = Provider<PluginBinTarget>(
            transport: TestTransport.make(),
            plugins: [
                NetworkLoggerPlugin(configuration: log.configuration([.errorResponseBody]))
            ])
        _ = try? await provider.request(try PluginBinTarget.httpbin("/status/503"))
        #expect(
            log.lines.contains {
                $0.hasPrefix("Response: 503 GET http")
                    && $0.range(of: #"/status/503 \([0-9.]+ m?s\)$"#, options: .regularExpression) != nil
            }, "\(log.text)")
        #expect(log.lines.contains { $0.hasPrefix("Error: ") && $0.contains("HTTP 503") })

        let closed = try RefusingPort()
        defer { closed.release() }
        _ = try? await provider.request(closed.target)
        #expect(log.lines.contains { $0.hasPrefix("Error: GET \(closed.url)/get failed after ") })
    }

    @Test("the logged cURL command, run by a shell, sends the same request")
    func curlCommandRuns() async throws {
        let curl = URL(fileURLWithPath: "/usr/bin/curl")
        try #require(FileManager.default.isExecutableFile(atPath: curl.path), "curl is not installed")
        let log = LiveLog()
        let provider = Provider<PluginBinTarget>(
            transport: TestTransport.make(),
            plugins: [
                NetworkLoggerPlugin(configuration: log.configuration([.formatRequestAscURL]))
            ])
        var target = try PluginBinTarget.httpbin("/post")
        target.method = .post
        let body = #"{"note":"it's $HOME `id` \"quoted\" !x"}"#
        target.task = .requestData(Data(body.utf8))
        target.headers = ["Content-Type": "application/json", "X-Quote": "O'Brien & $USER"]
        _ = try await provider.request(target)

        let line = try #require(log.lines.first { $0.hasPrefix("Request: curl ") })
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", String(line.dropFirst("Request: ".count)) + " --silent 2>/dev/null"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let echo = try JSONDecoder().decode(PostEcho.self, from: output)
        #expect(echo.data == body)
        #expect(echo.headers["X-Quote"] == "O'Brien & $USER")
    }

    // MARK: - NetworkActivityPlugin and ActivityIndicator

    @Test("began and ended balance over successes, refused connections, cancellations and 100 concurrent calls")
    func activityBalance() async throws {
        let balance = LiveActivityBalance()
        let provider = Provider<PluginBinTarget>(transport: TestTransport.make(), plugins: [balance.plugin])
        let closed = try RefusingPort()
        defer { closed.release() }

        await withTaskGroup(of: Void.self) { group in
            for index in 0..<100 {
                group.addTask {
                    let target: PluginBinTarget? =
                        index % 10 == 0 ? closed.target : try? PluginBinTarget.httpbin("/anything/\(index)")
                    if let target { _ = try? await provider.request(target) }
                }
            }
        }
        #expect(balance.counts == (100, 100))

        // Cancelled in flight: the call is cancelled as soon as it is handed to the transport.
        for _ in 0..<5 {
            let before = balance.counts.began
            let call = Task { try await provider.request(try PluginBinTarget.httpbin("/delay/10")) }
            await balance.wait(began: before + 1)
            call.cancel()
            let result = await call.result
            #expect((result.failureAsCourierErrorForPlugins)?.isCancelled == true)
        }
        #expect(balance.counts == (105, 105))
        #expect(!balance.wentNegative)
    }

    @Test("the indicator goes busy once and idle once across overlapping calls")
    func indicatorAcrossOverlappingCalls() async throws {
        let changes = LockedState<[ActivityIndicator.State]>([])
        let indicator = ActivityIndicator { state in changes.withLock { $0.append(state) } }
        let provider = Provider<PluginBinTarget>(
            transport: TestTransport.make(), plugins: [NetworkActivityPlugin(indicator: indicator)])
        async let first = try? provider.request(try PluginBinTarget.httpbin("/delay/0.5"))
        async let second = try? provider.request(try PluginBinTarget.httpbin("/delay/0.3"))
        async let third = try? provider.request(try PluginBinTarget.httpbin("/get"))
        _ = await (first, second, third)
        #expect(changes.withLock { $0 } == [.busy, .idle])
        #expect(indicator.activeCount == 0)
    }

    // MARK: - StatusMessagePlugin

    @Test("status messages for each kind of failure httpbin can produce")
    func statusMessages() async throws {
        let presented = LockedState<[StatusMessageKind]>([])
        var messages = StatusMessages()
        messages.serverError = "服务器出错了，请稍后重试~"
        let texts = LockedState<[String]>([])
        let provider = Provider<PluginBinTarget>(
            transport: TestTransport.make(),
            plugins: [
                StatusMessagePlugin(messages: messages) { message, _ in
                    presented.withLock { $0.append(message.kind) }
                    texts.withLock { $0.append(message.text) }
                }
            ])
        let closed = try RefusingPort()
        defer { closed.release() }
        var slow = try PluginBinTarget.httpbin("/delay/5")
        slow.timeout = 0.5

        let cases: [(PluginBinTarget, StatusMessageKind?)] = [
            (closed.target, .cannotConnect),
            (slow, .timeout),
            (try .httpbin("/status/503"), .serverError),
            (try .httpbin("/status/404"), .clientError),
            (try .httpbin("/status/401"), .sessionExpired),
            (try .httpbin("/get"), nil),
        ]
        for (target, kind) in cases {
            presented.withLock { $0.removeAll() }
            _ = try? await provider.request(target)
            #expect(presented.withLock { $0 } == (kind.map { [$0] } ?? []), "\(target.path)")
        }
        #expect(texts.withLock { $0 }.contains("服务器出错了，请稍后重试~"))

        presented.withLock { $0.removeAll() }
        _ = try? await provider.request(try .httpbin("/html"), as: [String: String].self)
        #expect(presented.withLock { $0 } == [.unreadableResponse])

        presented.withLock { $0.removeAll() }
        let call = Task { try await provider.request(try PluginBinTarget.httpbin("/delay/10")) }
        call.cancel()
        _ = await call.result
        #expect(presented.withLock { $0 }.isEmpty, "a cancelled call shows nothing")

        presented.withLock { $0.removeAll() }
        var quiet = closed.target
        quiet.showsStatusMessages = false
        _ = try? await provider.request(quiet)
        #expect(presented.withLock { $0 }.isEmpty, "an opted-out target shows nothing")
    }

    @Test("the server's business message from the envelope", .requiresScenarioServer)
    func businessMessage() async throws {
        let texts = LockedState<[String]>([])
        let provider = Provider<PluginBinTarget>(
            transport: TestTransport.make(),
            plugins: [StatusMessagePlugin { message, _ in texts.withLock { $0.append(message.text) } }],
            envelope: JSONEnvelope())
        var target = PluginBinTarget(baseURL: try LiveServers.url(for: .scenario), path: "/envelope/shop/fail")
        target.validationType = .none
        _ = try? await provider.request(target)
        #expect(texts.withLock { $0 } == ["库存不足"])
    }
}

// MARK: - Support

/// One httpbin call, field by field.
struct PluginBinTarget: TargetType, AccessTokenAuthorizable, StatusMessageConfigurable, TimeoutConfigurable {
    var baseURL: URL
    var path: String
    var method: HTTPMethod = .get
    var task: RequestTask = .requestPlain
    var headers: [String: String]?
    var validationType: ValidationType = .successCodes
    var authorizationType: AuthorizationType?
    var showsStatusMessages = true
    /// Ten seconds, four times that under a sanitizer: the whole suite on two slowed cores
    /// delays a call that takes milliseconds by seconds.
    var timeout: TimeInterval? = 10 * LiveTiming.scale

    static func httpbin(_ path: String) throws -> PluginBinTarget {
        PluginBinTarget(baseURL: try LiveServers.url(for: .httpbin), path: path)
    }
}

private struct HeadersEcho: Decodable {
    let headers: [String: String]
}

private struct BearerAnswer: Decodable, Equatable {
    let authenticated: Bool
    let token: String
}

private struct PostEcho: Decodable {
    let data: String
    let headers: [String: String]
}

/// Logger lines, without timestamps.
private final class LiveLog: Sendable {
    private let storage = LockedState<[String]>([])

    func configuration(_ options: NetworkLoggerPlugin.LogOptions) -> NetworkLoggerPlugin.Configuration {
        NetworkLoggerPlugin.Configuration(
            formatter: .init(entry: { identifier, message, _ in "\(identifier): \(message)" }),
            output: { _, lines in self.storage.withLock { $0 += lines } },
            logOptions: options)
    }

    var lines: [String] { storage.withLock { $0 } }
    var text: String { lines.joined(separator: "\n") }
}

/// Counts activity changes; awaitable.
private final class LiveActivityBalance: Sendable {
    private let state = LockedState<(began: Int, ended: Int, wentNegative: Bool)>((0, 0, false))
    private let continuation: AsyncStream<Void>.Continuation
    private let changes: AsyncStream<Void>

    init() {
        (changes, continuation) = AsyncStream.makeStream(of: Void.self)
    }

    var plugin: NetworkActivityPlugin {
        NetworkActivityPlugin { change, _ in
            self.state.withLock { state in
                if change == .began { state.began += 1 } else { state.ended += 1 }
                if state.ended > state.began { state.wentNegative = true }
            }
            self.continuation.yield()
        }
    }

    var counts: (began: Int, ended: Int) { state.withLock { ($0.began, $0.ended) } }
    var wentNegative: Bool { state.withLock { $0.wentNegative } }

    func wait(began: Int) async {
        if counts.began >= began { return }
        for await _ in changes where counts.began >= began { return }
    }
}

/// A loopback port bound but not listening, so every connection to it is refused; it stays
/// reserved until ``release()``.
private struct RefusingPort: Sendable {
    let descriptor: Int32
    let port: UInt16

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw URLError(.cannotConnectToHost) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(descriptor, socketAddress, length) == 0 && getsockname(descriptor, socketAddress, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            throw URLError(.cannotConnectToHost)
        }
        self.descriptor = descriptor
        self.port = UInt16(bigEndian: address.sin_port)
    }

    var url: String { "http://127.0.0.1:\(port)" }

    var target: PluginBinTarget {
        PluginBinTarget(baseURL: URL(string: url) ?? URL(fileURLWithPath: "/"), path: "/get")
    }

    func release() {
        close(descriptor)
    }
}

extension Result where Failure == any Error {
    /// The failure as a `CourierError`, or `nil`.
    fileprivate var failureAsCourierErrorForPlugins: CourierError? {
        if case .failure(let error) = self { return error as? CourierError }
        return nil
    }
}
