import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Stubs answer from the endpoint's sample response, through the same pipeline as real calls,
/// and never reach the transport.
@Suite("Stub behaviours")
struct StubBehaviorTests {
    private func provider(
        _ behavior: StubBehavior, sample: @escaping @Sendable () -> EndpointSampleResponse,
        plugins: [any PluginType] = []
    ) -> Provider<CoreTestTarget> {
        Provider<CoreTestTarget>(
            endpointClosure: { target in
                Provider.defaultEndpointMapping(for: target).replacingSample(sample)
            },
            stubClosure: { _ in behavior },
            transport: UnreachableTransport(),
            plugins: plugins)
    }

    @Test("the stub closures answer what they say")
    func stubClosures() {
        let target = CoreTestTarget()
        #expect(Provider<CoreTestTarget>.neverStub(target) == .never)
        #expect(Provider<CoreTestTarget>.immediatelyStub(target) == .immediate)
        #expect(Provider<CoreTestTarget>.delayedStub(1.5)(target) == .delayed(seconds: 1.5))
    }

    @Test(".immediate answers the target's sampleData with 200 and the request that would have been sent")
    func immediate() async throws {
        let provider = Provider<CoreTestTarget>(
            stubClosure: Provider.immediatelyStub, transport: UnreachableTransport())
        let target = CoreTestTarget(
            task: .requestParameters(parameters: ["area": "CN"], encoding: URLEncoding.queryString),
            headers: ["platform": "iOS"], sampleData: Data(#"{"stub":1}"#.utf8))
        let response = try await provider.request(target)
        #expect(response.statusCode == 200)
        #expect(response.data == Data(#"{"stub":1}"#.utf8))
        #expect(response.request?.queryDictionary == ["area": "CN"])
        #expect(response.request?.value(forHTTPHeaderField: "platform") == "iOS")
        #expect(response.response?.statusCode == 200)
        #expect(response.response?.url == response.request?.url)
    }

    @Test(".immediate decodes through request(_:as:)")
    func immediateDecodes() async throws {
        struct Detail: Decodable, Equatable { var id: Int }
        let provider = Provider<ShopAPI>(stubClosure: Provider.immediatelyStub, transport: UnreachableTransport())
        #expect(try await provider.request(.detail(id: 42), as: Detail.self) == Detail(id: 42))
    }

    @Test(".delayed waits about as long as asked")
    func delayed() async throws {
        let provider = provider(.delayed(seconds: 0.2), sample: { .networkResponse(200, Data("late".utf8)) })
        let clock = ContinuousClock()
        let start = clock.now
        let response = try await provider.request(CoreTestTarget())
        let elapsed = clock.now - start
        #expect(response.data == Data("late".utf8))
        #expect(elapsed >= .milliseconds(190))
    }

    @Test(".delayed honours cancellation: the call ends with the cancelled error")
    func delayedHonoursCancellation() async throws {
        let provider = provider(.delayed(seconds: 30), sample: { .networkResponse(200, Data()) })
        // Without cancellation the stub would answer 200 after 30 s, so a cancelled error proves
        // the wait was cut short, with no time bound that a loaded machine could break.
        let call = Task { try await provider.request(CoreTestTarget()) }
        call.cancel()
        let result = await call.result
        let error = try #require(result.failureAsCourierError)
        #expect(error.isCancelled)
        #expect(error.underlyingError is CancellationError)
    }

    @Test(".networkError(e) fails with .underlying(e, nil)")
    func networkError() async throws {
        let provider = provider(.immediate, sample: { .networkError(MarkerError(name: "offline")) })
        let error = try await #require(throws: CourierError.self) { try await provider.request(CoreTestTarget()) }
        guard case .underlying(let underlying, let response) = error else {
            Issue.record("expected .underlying, got \(error)")
            return
        }
        #expect(underlying as? MarkerError == MarkerError(name: "offline"))
        #expect(response == nil)
    }

    @Test(".networkError with a URLError keeps it, so isTimeout works on stubs")
    func networkErrorTimeout() async throws {
        let provider = provider(.immediate, sample: { .networkError(URLError(.timedOut)) })
        let error = try await #require(throws: CourierError.self) { try await provider.request(CoreTestTarget()) }
        #expect(error.isTimeout)
        #expect((error.underlyingError as? URLError)?.code == .timedOut)
    }

    @Test(".response keeps the status and the headers of the given HTTPURLResponse")
    func responseWithHeaders() async throws {
        let http = HTTPURLResponse.make(
            url: URL(string: "https://api.example.com/v1/items")!, status: 201,
            headers: ["X-Total-Count": "42", "Content-Type": "application/json"])
        let provider = provider(.immediate, sample: { .response(http, Data("[]".utf8)) })
        let response = try await provider.request(CoreTestTarget())
        #expect(response.statusCode == 201)
        #expect(response.data == Data("[]".utf8))
        #expect(response.value(forHTTPHeaderField: "x-total-count") == "42")
        #expect(response.response?.value(forHTTPHeaderField: "Content-Type") == "application/json")
    }

    @Test(".networkResponse with an error status is validated like a real one")
    func networkResponseValidated() async throws {
        let provider = provider(.immediate, sample: { .networkResponse(500, Data("boom".utf8)) })
        let error = try await #require(throws: CourierError.self) {
            try await provider.request(CoreTestTarget(validationType: .successCodes))
        }
        #expect(error.testCaseName == "statusCode")
        #expect(error.response?.data == Data("boom".utf8))
    }

    @Test("stubs run every plugin hook, and prepare changes the request the stub answers")
    func stubsRunPlugins() async throws {
        let recorder = StubHookRecorder()
        let provider = provider(.immediate, sample: { .networkResponse(200, Data()) }, plugins: [recorder])
        let response = try await provider.request(CoreTestTarget())
        #expect(recorder.hooks == ["prepare", "willSend", "didReceive", "process"])
        #expect(response.request?.value(forHTTPHeaderField: "X-Prepared") == "yes")
    }

    @Test("a stubbed call whose request cannot be built fails before any stub answer")
    func stubWithMappingError() async throws {
        let provider = Provider<CoreTestTarget>(
            stubClosure: Provider.immediatelyStub, transport: UnreachableTransport())
        let error = try await #require(throws: CourierError.self) {
            try await provider.request(CoreTestTarget(method: .post, task: .requestJSONEncodable(ThrowingEncodable())))
        }
        #expect(error.testCaseName == "encodableMapping")
    }
}

/// Records which hooks ran, and marks the request in `prepare`.
final class StubHookRecorder: PluginType {
    private let recorded = LockedState<[String]>([])
    var hooks: [String] { recorded.withLock { $0 } }

    func prepare(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
        recorded.withLock { $0.append("prepare") }
        var request = request
        request.setValue("yes", forHTTPHeaderField: "X-Prepared")
        return request
    }

    func willSend(_ request: URLRequest, target: any TargetType) {
        recorded.withLock { $0.append("willSend") }
    }

    func didReceive(_ result: Result<Response, CourierError>, target: any TargetType) {
        recorded.withLock { $0.append("didReceive") }
    }

    func process(_ result: Result<Response, CourierError>, target: any TargetType) async
        -> Result<Response, CourierError>
    {
        recorded.withLock { $0.append("process") }
        return result
    }
}

extension Endpoint {
    /// The same endpoint answering `sample` when stubbed.
    func replacingSample(_ sample: @escaping @Sendable () -> EndpointSampleResponse) -> Endpoint {
        Endpoint(
            url: url, sampleResponseClosure: sample, method: method, task: task, httpHeaderFields: httpHeaderFields)
    }
}

extension Result {
    /// The failure as a `CourierError`, or `nil` for a success or another error.
    var failureAsCourierError: CourierError? {
        guard case .failure(let error) = self else { return nil }
        return error as? CourierError
    }
}
