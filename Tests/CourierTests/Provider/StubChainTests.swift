import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A stubbed call answers at the transport's place: every link above it (the deadline, retries,
/// the plugins, in-flight sharing, redirects, cookies, the cache) runs as for a real call.
@Suite("Stubs answer at the transport's place", .timeLimit(.minutes(1)))
struct StubChainTests {
    /// A provider over `transport` whose stubbed calls answer `sample`, counting how often it is asked.
    private static func provider(
        _ behavior: StubBehavior = .immediate, sample: @escaping @Sendable () -> EndpointSampleResponse,
        transport: any Transport = UnreachableTransport(), plugins: [any PluginType] = [],
        trackInflights: Bool = false, options: ProviderOptions = ProviderOptions()
    ) -> Provider<CoreTestTarget> {
        Provider<CoreTestTarget>(
            endpointClosure: { Provider.defaultEndpointMapping(for: $0).replacingSample(sample) },
            stubClosure: { _ in behavior }, transport: transport, plugins: plugins, trackInflights: trackInflights,
            options: options)
    }

    private static func answer(
        _ status: Int = 200, headers: [String: String] = [:], body: String = "sample", runs: SampleRuns
    ) -> @Sendable () -> EndpointSampleResponse {
        {
            let number = runs.next()
            let http = HTTPURLResponse.make(
                url: URL(string: "https://api.example.com/v1/items")!, status: status, headers: headers)
            return .response(http, Data("\(body) \(number)".utf8))
        }
    }

    @Test("two identical stubbed calls in flight share one answer: the sample is asked once")
    func inflightSharing() async throws {
        let runs = SampleRuns()
        let gate = WaitGate()
        var options = ProviderOptions()
        options.stubWait = { try await gate.wait($0) }
        let provider = Self.provider(
            .delayed(seconds: 60), sample: Self.answer(runs: runs), trackInflights: true, options: options)
        async let first = provider.request(CoreTestTarget())
        async let second = provider.request(CoreTestTarget())
        await provider.inflights.waitForWaiters(2)
        #expect(provider.inflights.count == 1, "one exchange for both callers")
        gate.release()
        let answers = try await (first, second)
        #expect(String(decoding: answers.0.data, as: UTF8.self) == "sample 1")
        #expect(String(decoding: answers.1.data, as: UTF8.self) == "sample 1")
        #expect(runs.count == 1)
    }

    @Test("without trackInflights, each stubbed call asks the sample")
    func noSharing() async throws {
        let runs = SampleRuns()
        let provider = Self.provider(sample: Self.answer(runs: runs))
        _ = try await provider.request(CoreTestTarget())
        _ = try await provider.request(CoreTestTarget())
        #expect(runs.count == 2)
    }

    @Test("the provider's cache answers the second stubbed call when the stub's answer is fresh")
    func cacheAnswers() async throws {
        let runs = SampleRuns()
        var options = ProviderOptions()
        options.cache = HTTPCache()
        let provider = Self.provider(
            sample: Self.answer(headers: ["Cache-Control": "max-age=60"], runs: runs), options: options)
        let first = try await provider.request(CoreTestTarget())
        let second = try await provider.request(CoreTestTarget())
        #expect(runs.count == 1, "the second call never reached the stub")
        #expect(first.cacheOrigin == nil)
        #expect(second.cacheOrigin?.kind == .hit)
        #expect(second.data == first.data)
        #expect(options.cache?.metrics.hits == 1)
    }

    @Test("an offline stub falls back to the answer a stub stored, as a real call would")
    func offlineFallback() async throws {
        let offline = LockedState(false)
        let runs = SampleRuns()
        let online = Self.answer(headers: ["Cache-Control": "max-age=0"], runs: runs)
        var options = ProviderOptions()
        options.cache = HTTPCache(defaultPolicy: CachePolicy.useProtocol.fallingBackWhenOffline())
        let provider = Self.provider(
            sample: { offline.withLock { $0 } ? .networkError(URLError(.notConnectedToInternet)) : online() },
            options: options)
        let stored = try await provider.request(CoreTestTarget())
        offline.withLock { $0 = true }
        let fallback = try await provider.request(CoreTestTarget())
        #expect(fallback.data == stored.data)
        #expect(fallback.cacheOrigin?.kind == .offlineFallback)
    }

    @Test("a stubbed 3xx is the call's answer: the redirect is not followed")
    func redirectNotFollowed() async throws {
        let runs = SampleRuns()
        let provider = Self.provider(
            sample: Self.answer(302, headers: ["Location": "https://api.example.com/v1/elsewhere"], runs: runs),
            transport: CookieKeepingTransport())
        let response = try await provider.request(CoreTestTarget())
        #expect(response.statusCode == 302)
        #expect(response.value(forHTTPHeaderField: "Location") == "https://api.example.com/v1/elsewhere")
        #expect(runs.count == 1)
    }

    @Test("a stubbed Set-Cookie is stored in the transport's cookie storage, as a real one")
    func setCookieStored() async throws {
        let transport = CookieKeepingTransport()
        let provider = Self.provider(
            sample: Self.answer(headers: ["Set-Cookie": "session=stubbed; Path=/"], runs: SampleRuns()),
            transport: transport)
        _ = try await provider.request(CoreTestTarget())
        #expect(transport.cookies.session == "stubbed")
    }

    @Test("a stubbed call that handles no cookies stores none")
    func setCookieRefused() async throws {
        let transport = CookieKeepingTransport()
        let provider = Provider<CoreTestTarget>(
            endpointClosure: { target in
                Provider.defaultEndpointMapping(for: target).replacingSample(
                    Self.answer(headers: ["Set-Cookie": "session=stubbed; Path=/"], runs: SampleRuns()))
            },
            requestClosure: { endpoint in
                var request = try endpoint.urlRequest()
                request.httpShouldHandleCookies = false
                return request
            },
            stubClosure: Provider.immediatelyStub, transport: transport)
        _ = try await provider.request(CoreTestTarget())
        #expect(transport.cookies.session == nil)
    }

    @Test("a stubbed call is sent with the storage's cookies: another session's call is not shared")
    func cookiesSent() async throws {
        let transport = CookieKeepingTransport()
        transport.cookies.session = "alice"
        let runs = SampleRuns()
        let gate = WaitGate()
        var options = ProviderOptions()
        options.stubWait = { try await gate.wait($0) }
        let provider = Self.provider(
            .delayed(seconds: 60), sample: Self.answer(runs: runs), transport: transport, trackInflights: true,
            options: options)
        async let alice = provider.request(CoreTestTarget())
        await provider.inflights.waitForWaiters(1)
        transport.cookies.session = "bob"
        async let bob = provider.request(CoreTestTarget())
        await provider.inflights.waitForWaiters(2)
        #expect(provider.inflights.count == 2, "bob's call, with bob's cookie, has an exchange of its own")
        gate.release()
        _ = try await (alice, bob)
        #expect(runs.count == 2)
    }

    @Test("the call's deadline ends a 60 s stub delay, and the stub's wait ends with it")
    func deadlineEndsDelay() async throws {
        let sleep = LoggedSleep()
        var options = ProviderOptions(timeout: 0.5)
        options.stubWait = { try await sleep.wait($0) }
        let provider = Self.provider(
            .delayed(seconds: 60), sample: { .networkResponse(200, Data()) }, options: options)
        let error = try await #require(throws: CourierError.self) { try await provider.request(CoreTestTarget()) }
        #expect(error.isTimeout)
        // The call returns once its work has wound down (or after half a second): the wait has
        // ended by then only if the deadline's cancellation reached it.
        #expect(sleep.entries == ["began", "ended by CancellationError"])
    }

    @Test("cancelling a call ends its stub delay, shared in flight or not", arguments: [false, true])
    func cancellationEndsDelay(trackInflights: Bool) async throws {
        let recorder = ReceivedResults()
        let gate = WaitGate()
        var options = ProviderOptions()
        options.stubWait = { try await gate.wait($0) }
        let provider = Self.provider(
            .delayed(seconds: 60), sample: { .networkResponse(200, Data()) }, plugins: [recorder],
            trackInflights: trackInflights, options: options)
        let call = Task { try await provider.request(CoreTestTarget()) }
        await gate.firstWaitBegan()
        call.cancel()
        let error = try #require(await call.result.failureAsCourierError)
        #expect(error.isCancelled)
        #expect(gate.cancelledCount == 1, "the stub's wait ended with the call")
        #expect(recorder.errors.map(\.isCancelled) == [true])
    }

    @Test("a retry plugin's retry of a stubbed failure asks the stub again")
    func retries() async throws {
        let runs = SampleRuns()
        let provider = Self.provider(
            sample: {
                runs.next() == 1
                    ? .networkError(URLError(.networkConnectionLost)) : .networkResponse(200, Data("ok".utf8))
            }, plugins: [RetryOncePlugin()])
        #expect(try await provider.request(CoreTestTarget()).data == Data("ok".utf8))
        #expect(runs.count == 2)
    }

    @Test("a stubbed upload of a missing file fails as a real one: its body is made ready the same way")
    func uploadOfMissingFile() async throws {
        let missing = FileManager.default.temporaryDirectory
            .appendingPathComponent("courier-missing-\(UUID().uuidString).jpg")
        let runs = SampleRuns()
        let provider = Self.provider(sample: Self.answer(runs: runs))
        let error = try await #require(throws: CourierError.self) {
            try await provider.request(CoreTestTarget(method: .post, task: .uploadFile(missing)))
        }
        guard case .unreadableFile(let url, _)? = error.uploadBodyError else {
            Issue.record("expected UploadBodyError.unreadableFile, got \(error)")
            return
        }
        #expect(url == missing)
        #expect(runs.count == 0)
    }

    @Test("a stubbed stream reads the sample as its body, and its Set-Cookie is stored")
    func stream() async throws {
        let transport = CookieKeepingTransport()
        let provider = Self.provider(
            sample: Self.answer(headers: ["Set-Cookie": "session=streamed; Path=/"], body: "a\nb", runs: SampleRuns()),
            transport: transport)
        var lines: [String] = []
        for try await line in provider.lines(CoreTestTarget()) { lines.append(line) }
        #expect(lines == ["a", "b 1"])
        #expect(transport.cookies.session == "streamed")
    }
}

/// Asks for one retry of any failure.
private struct RetryOncePlugin: PluginType {
    func retry(_ request: URLRequest, target: any TargetType, dueTo error: CourierError, attempt: Int) async
        -> RetryDecision
    {
        attempt == 1 ? .retry : .doNotRetry
    }
}
