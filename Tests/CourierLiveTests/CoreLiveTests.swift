import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The core against a real server: queries, bodies, headers, validation, 401s, timeouts,
/// cancellation, refused connections and concurrency.
@Suite("Core (httpbin)", .requiresHttpbin)
struct CoreLiveTests {
    private let provider = Provider<CoreBinTarget>(transport: TestTransport.make())

    @Test("GET with a query: httpbin echoes every value, + and space and CJK included")
    func getWithQuery() async throws {
        let parameters: [String: any Sendable] = [
            "plus": "a+b", "space": "hello world", "cjk": "你好，世界", "amp": "x&y=z", "n": 42, "emoji": "🚀",
        ]
        let target = try CoreBinTarget.bin(
            "/get", task: .requestParameters(parameters: parameters, encoding: URLEncoding.queryString))
        let echo = try await provider.request(target, as: BinEcho.self)
        #expect(
            echo.args == [
                "plus": "a+b", "space": "hello world", "cjk": "你好，世界", "amp": "x&y=z", "n": "42", "emoji": "🚀",
            ])
    }

    @Test("POST with a JSON body")
    func postJSON() async throws {
        let target = try CoreBinTarget.bin(
            "/post", method: .post,
            task: .requestParameters(
                parameters: ["pageCurrent": 1, "pageSize": 20, "name": "手机+壳"], encoding: JSONEncoding.default))
        let echo = try await provider.request(target, as: BinEcho.self)
        #expect(echo.json == .object(["pageCurrent": .number(1), "pageSize": .number(20), "name": .string("手机+壳")]))
        #expect(echo.header("Content-Type")?.hasPrefix("application/json") == true)
    }

    @Test("POST with a form body")
    func postForm() async throws {
        let target = try CoreBinTarget.bin(
            "/post", method: .post,
            task: .requestParameters(
                parameters: ["pageCurrent": 2, "q": "a+b c", "city": "北京"], encoding: URLEncoding.httpBody))
        let echo = try await provider.request(target, as: BinEcho.self)
        #expect(echo.form == ["pageCurrent": "2", "q": "a+b c", "city": "北京"])
        #expect(echo.header("Content-Type")?.hasPrefix("application/x-www-form-urlencoded") == true)
    }

    @Test("POST with an Encodable body")
    func postEncodable() async throws {
        struct Profile: Encodable, Sendable {
            var nickName: String
            var tags: [String]
            var vip: Bool
        }
        let target = try CoreBinTarget.bin(
            "/anything", method: .post,
            task: .requestJSONEncodable(Profile(nickName: "小明", tags: ["a", "b"], vip: true)))
        let echo = try await provider.request(target, as: BinEcho.self)
        #expect(echo.method == "POST")
        #expect(
            echo.json
                == .object([
                    "nickName": .string("小明"), "tags": .array([.string("a"), .string("b")]), "vip": .bool(true),
                ]))
    }

    @Test("common headers and parameters from the endpoint closure reach the server with the target's own")
    func commonHeadersAndParameters() async throws {
        let provider = Provider<CoreBinTarget>(
            endpointClosure: { target in
                Provider.defaultEndpointMapping(for: target)
                    .adding(newHTTPHeaderFields: ["platform": "iOS", "app-version": "3.2.0"])
                    .adding(parameters: ["uid": "10086"])
            }, transport: TestTransport.make())
        let target = try CoreBinTarget.bin(
            "/anything", method: .post, task: .requestJSONEncodable(["goods": 3]), headers: ["X-Trace": "t-1"])
        let echo = try await provider.request(target, as: BinEcho.self)
        #expect(echo.header("platform") == "iOS")
        #expect(echo.header("app-version") == "3.2.0")
        #expect(echo.header("X-Trace") == "t-1")
        #expect(echo.args == ["uid": "10086"])
        #expect(echo.json == .object(["goods": .number(3)]))
    }

    @Test("headers: the server receives the target's headers")
    func headers() async throws {
        let target = try CoreBinTarget.bin("/headers", headers: ["X-Api-Key": "k-123", "Accept-Language": "zh-CN"])
        let echo = try await provider.request(target, as: BinEcho.self)
        #expect(echo.header("X-Api-Key") == "k-123")
        #expect(echo.header("Accept-Language") == "zh-CN")
    }

    struct StatusCase: Sendable, CustomTestStringConvertible {
        var status: Int
        var validation: ValidationType
        var accepted: Bool
        var testDescription: String { "/status/\(status) with \(validation)" }
    }

    @Test(
        "/status/N with each validation type",
        arguments: [
            StatusCase(status: 200, validation: .successCodes, accepted: true),
            StatusCase(status: 204, validation: .successCodes, accepted: true),
            StatusCase(status: 404, validation: .successCodes, accepted: false),
            StatusCase(status: 500, validation: .none, accepted: true),
            StatusCase(status: 304, validation: .successAndRedirectCodes, accepted: true),
            StatusCase(status: 400, validation: .successAndRedirectCodes, accepted: false),
            StatusCase(status: 418, validation: .customCodes([418]), accepted: true),
            StatusCase(status: 503, validation: .customCodes([200, 418]), accepted: false),
        ])
    func status(_ testCase: StatusCase) async throws {
        let target = try CoreBinTarget.bin("/status/\(testCase.status)", validation: testCase.validation)
        if testCase.accepted {
            #expect(try await provider.request(target).statusCode == testCase.status)
        } else {
            let error = try await #require(throws: CourierError.self) { try await provider.request(target) }
            guard case .statusCode(let response) = error else {
                Issue.record("expected .statusCode, got \(error)")
                return
            }
            #expect(response.statusCode == testCase.status)
            #expect(response.response?.statusCode == testCase.status)
        }
    }

    @Test("a 418 keeps its body in the statusCode error")
    func errorBodyKept() async throws {
        let target = try CoreBinTarget.bin("/status/418", validation: .successCodes)
        let error = try await #require(throws: CourierError.self) { try await provider.request(target) }
        #expect(error.response?.statusCode == 418)
        let body = String(decoding: error.response?.data ?? Data(), as: UTF8.self)
        #expect(body.contains("teapot"))
    }

    @Test(
        "a 401 with a Basic challenge ends promptly as .sessionExpired",
        arguments: ["/status/401", "/basic-auth/user/passwd"])
    func unauthorized(path: String) async throws {
        let target = try CoreBinTarget.bin(path)
        let (error, seconds) = await coreElapsed {
            await #expect(throws: CourierError.self) { try await provider.request(target) }
        }
        #expect(seconds < LiveTiming.withoutHanging)
        #expect(error?.testCaseName == "sessionExpired")
        #expect(error?.response?.statusCode == 401)
    }

    @Test("a 401 is returned as a response when sessionExpiredStatusCodes is empty")
    func unauthorizedAsResponse() async throws {
        let provider = Provider<CoreBinTarget>(
            transport: TestTransport.make(), options: ProviderOptions(sessionExpiredStatusCodes: []))
        let (response, seconds) = try await coreElapsed {
            try await provider.request(try CoreBinTarget.bin("/basic-auth/user/passwd"))
        }
        #expect(response.statusCode == 401)
        #expect(response.value(forHTTPHeaderField: "WWW-Authenticate")?.hasPrefix("Basic") == true)
        #expect(seconds < LiveTiming.withoutHanging)
    }

    @Test("Basic credentials sent as a header are accepted")
    func basicAuthByHeader() async throws {
        let credentials = Data("user:passwd".utf8).base64EncodedString()
        let target = try CoreBinTarget.bin(
            "/basic-auth/user/passwd", headers: ["Authorization": "Basic \(credentials)"], validation: .successCodes)
        #expect(try await provider.request(target).statusCode == 200)
    }

    @Test("/delay/10 with a 0.5 s timeout from the request closure ends as a timeout after 0.5 s")
    func timeout() async throws {
        let provider = Provider<CoreBinTarget>(
            requestClosure: { endpoint in
                var request = try endpoint.urlRequest()
                request.timeoutInterval = 0.5
                return request
            }, transport: TestTransport.make())
        let target = try CoreBinTarget.bin("/delay/10")
        let (error, seconds) = await coreElapsed {
            await #expect(throws: CourierError.self) { try await provider.request(target) }
        }
        #expect(error?.isTimeout == true, "got \(String(describing: error))")
        #expect(error?.isCancelled == false)
        #expect(seconds >= 0.45, "the timeout fired before its 0.5 s")
        #expect(seconds < LiveTiming.promptly)
    }

    @Test("cancelling the Swift task ends /delay/10 at once")
    func taskCancellation() async throws {
        let (sent, sending) = SentSignal.make()
        let provider = Provider<CoreBinTarget>(transport: TestTransport.make(), plugins: [sending])
        let target = try CoreBinTarget.bin("/delay/10")
        let call = Task { try await provider.request(target) }
        await sent.nextElement()
        let (result, seconds) = await coreElapsed {
            call.cancel()
            return await call.result
        }
        #expect(seconds < LiveTiming.promptly)
        let error = try #require(result.failureAsCourierError)
        #expect(error.isCancelled)
        #expect(error.underlyingError is CancellationError)
    }

    @Test("Cancellable.cancel() ends /delay/10 at once")
    func cancellableCancel() async throws {
        let (sent, sending) = SentSignal.make()
        let provider = Provider<CoreBinTarget>(transport: TestTransport.make(), plugins: [sending])
        let target = try CoreBinTarget.bin("/delay/10")
        let (result, seconds) = await withCheckedContinuation { continuation in
            let clock = ContinuousClock()
            let started = LockedState<ContinuousClock.Instant?>(nil)
            let call = provider.request(target) { result in
                let cancelledAt = started.withLock { $0 } ?? clock.now
                continuation.resume(returning: (result, clock.now - cancelledAt))
            }
            Task {
                await sent.nextElement()
                started.withLock { $0 = clock.now }
                call.cancel()
            }
        }
        #expect(seconds < .seconds(LiveTiming.promptly))
        let error = try #require(result.failureAsCourierError)
        #expect(error.isCancelled)
    }

    @Test("a refused connection is .underlying(URLError.cannotConnectToHost, nil)")
    func connectionRefused() async throws {
        let port = try Self.closedLoopbackPort()
        let target = CoreBinTarget(baseURL: try #require(URL(string: "http://127.0.0.1:\(port)")), path: "/get")
        let (error, seconds) = await coreElapsed {
            await #expect(throws: CourierError.self) { try await provider.request(target) }
        }
        guard case .underlying(let underlying, nil) = error else {
            Issue.record("expected .underlying(_, nil), got \(String(describing: error))")
            return
        }
        #expect((underlying as? URLError)?.code == .cannotConnectToHost)
        #expect(seconds < LiveTiming.withoutHanging)
    }

    @Test("40 concurrent requests all succeed, each with its own answer")
    func fortyConcurrent() async throws {
        let provider = Provider<CoreBinTarget>(transport: TestTransport.make())
        let answers = try await withThrowingTaskGroup(of: (Int, String?).self) { group in
            for index in 0..<40 {
                let target = try CoreBinTarget.bin(
                    "/anything",
                    task: .requestParameters(parameters: ["i": index], encoding: URLEncoding.queryString),
                    validation: .successCodes)
                group.addTask { (index, try await provider.request(target, as: BinEcho.self).args?["i"]) }
            }
            return try await group.reduce(into: [Int: String?]()) { $0[$1.0] = $1.1 }
        }
        #expect(answers.count == 40)
        #expect(answers.allSatisfy { $0.value == String($0.key) })
    }

    @Test("the completion-handler form works against a real server")
    func completionHandler() async throws {
        let target = try CoreBinTarget.bin("/get", validation: .successCodes)
        let result = await withCheckedContinuation { continuation in
            provider.request(target) { continuation.resume(returning: $0) }
        }
        #expect(try result.get().statusCode == 200)
    }

    /// A loopback port that was bound and then closed, so nothing listens on it.
    private static func closedLoopbackPort() throws -> UInt16 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw URLError(.cannotConnectToHost) }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(descriptor, socketAddress, length) == 0 && getsockname(descriptor, socketAddress, &length) == 0
            }
        }
        guard bound else { throw URLError(.cannotConnectToHost) }
        return UInt16(bigEndian: address.sin_port)
    }
}

extension Result {
    /// The failure as a `CourierError`, or `nil` for a success or another error.
    var failureAsCourierError: CourierError? {
        guard case .failure(let error) = self else { return nil }
        return error as? CourierError
    }
}

extension CourierError {
    /// The name of the case, for readable expectations.
    var testCaseName: String {
        switch self {
        case .jsonMapping: "jsonMapping"
        case .stringMapping: "stringMapping"
        case .objectMapping: "objectMapping"
        case .encodableMapping: "encodableMapping"
        case .statusCode: "statusCode"
        case .underlying: "underlying"
        case .requestMapping: "requestMapping"
        case .parameterEncoding: "parameterEncoding"
        case .business: "business"
        case .payloadMissing: "payloadMissing"
        case .sessionExpired: "sessionExpired"
        }
    }
}
