import CourierPlugins
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Counts `.began` and `.ended` and checks that `.ended` never outruns `.began`.
final class ActivityBalance: Sendable {
    private let state = LockedState<(began: Int, ended: Int, wentNegative: Bool)>((0, 0, false))
    private let continuation: AsyncStream<NetworkActivityChangeType>.Continuation
    /// Every change, as it happens.
    let changes: AsyncStream<NetworkActivityChangeType>

    init() {
        (changes, continuation) = AsyncStream.makeStream(of: NetworkActivityChangeType.self)
    }

    var plugin: NetworkActivityPlugin {
        NetworkActivityPlugin { change, _ in
            self.state.withLock { state in
                switch change {
                case .began: state.began += 1
                case .ended: state.ended += 1
                }
                if state.ended > state.began { state.wentNegative = true }
            }
            self.continuation.yield(change)
        }
    }

    /// Waits until at least `began` and `ended` changes happened.
    func wait(began: Int, ended: Int) async {
        if self.began >= began && self.ended >= ended { return }
        for await _ in changes where self.began >= began && self.ended >= ended { return }
    }

    var began: Int { state.withLock { $0.began } }
    var ended: Int { state.withLock { $0.ended } }
    var wentNegative: Bool { state.withLock { $0.wentNegative } }
}

@Suite("NetworkActivityPlugin")
struct NetworkActivityPluginTests {
    @Test("one .began and one .ended for a success, an HTTP failure, a transport failure and a stub")
    func balancedPerOutcome() async {
        let cases: [(String, any Transport, StubBehavior, ValidationType)] = [
            ("success", ScriptedTransport(), .never, .none),
            ("HTTP 500", ScriptedTransport(status: 500), .never, .successCodes),
            ("connection refused", ScriptedTransport.failing(URLError(.cannotConnectToHost)), .never, .none),
            ("immediate stub", ScriptedTransport(), .immediate, .none),
            ("delayed stub", ScriptedTransport(), .delayed(seconds: 0.01), .none),
        ]
        for (name, transport, stub, validation) in cases {
            let balance = ActivityBalance()
            await send(
                PluginTarget(validationType: validation), plugins: [balance.plugin], transport: transport, stub: stub)
            #expect(balance.began == 1 && balance.ended == 1, "\(name): \(balance.began) began, \(balance.ended) ended")
        }
    }

    @Test("the changes come in order, with the real target of a MultiTarget")
    func orderAndTarget() async throws {
        let changes = Recorder<String>()
        let plugin = NetworkActivityPlugin { change, target in changes.append("\(change) \(target.path)") }
        let provider = Provider<MultiTarget>(transport: ScriptedTransport(), plugins: [plugin])
        _ = try await provider.request(.target(PluginTarget(path: "/a")))
        #expect(changes.all == ["began /a", "ended /a"])
    }

    @Test("a retried call sends one pair per attempt")
    func retried() async {
        let balance = ActivityBalance()
        await send(
            plugins: [balance.plugin, RetryOncePlugin()],
            transport: FlakyTransport(failures: 1, then: ScriptedTransport()))
        #expect(balance.began == 2 && balance.ended == 2)
    }

    @Test("a call whose prepare throws sends neither")
    func prepareThrows() async {
        let balance = ActivityBalance()
        await send(plugins: [ThrowingPreparePlugin(), balance.plugin])
        #expect(balance.began == 0 && balance.ended == 0)
    }

    @Test("a call cancelled while in the transport still ends, through task cancellation and Cancellable")
    func cancelled() async {
        let balance = ActivityBalance()
        let transport = SuspendingTransport()
        let provider = Provider<PluginTarget>(transport: transport, plugins: [balance.plugin])

        let call = Task { try await provider.request(PluginTarget()) }
        _ = await transport.started.nextElement()
        call.cancel()
        _ = try? await call.value

        await confirmation("completion called") { completed in
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                let cancellable = provider.request(PluginTarget()) { result in
                    if case .failure(let error) = result, error.isCancelled { completed() }
                    done.resume()
                }
                Task {
                    _ = await transport.started.nextElement()
                    cancellable.cancel()
                }
            }
        }
        #expect(balance.began == 2 && balance.ended == 2)
    }

    @Test("a call cancelled during a delayed stub or a retry wait still balances")
    func cancelledWhileWaiting() async {
        let balance = ActivityBalance()
        let stubbed = Task {
            await send(plugins: [balance.plugin], stub: .delayed(seconds: 3600))
        }
        let waiting = Task {
            await send(
                plugins: [balance.plugin, RetryAfterPlugin(seconds: 3600)],
                transport: ScriptedTransport.failing(URLError(.timedOut)))
        }
        // Both calls have sent their `.began` (and the retry its `.ended`) before they wait.
        await balance.wait(began: 2, ended: 1)
        stubbed.cancel()
        waiting.cancel()
        _ = await (stubbed.value, waiting.value)
        #expect(balance.began == 2 && balance.ended == 2)
        #expect(!balance.wentNegative)
    }

    @Test("100 concurrent calls, mixing successes and failures, balance exactly")
    func hundredConcurrent() async {
        let balance = ActivityBalance()
        let transport = ScriptedTransport { request in
            await Task.yield()
            if request.urlRequest.url?.path.hasSuffix("7") == true { throw URLError(.networkConnectionLost) }
            return TransportResponse(response: .make(for: request.urlRequest, status: 200))
        }
        let provider = Provider<PluginTarget>(transport: transport, plugins: [balance.plugin])
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<100 {
                group.addTask { _ = try? await provider.request(PluginTarget(path: "/items/\(index)")) }
            }
        }
        #expect(balance.began == 100 && balance.ended == 100)
        #expect(!balance.wentNegative)
    }
}

/// A plugin whose `prepare` always throws.
struct ThrowingPreparePlugin: PluginType {
    func prepare(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
        throw MarkerError(name: "prepare failed")
    }
}

/// Asks for a retry after `seconds`, once.
struct RetryAfterPlugin: PluginType {
    var seconds: TimeInterval

    func retry(_ request: URLRequest, target: any TargetType, dueTo error: CourierError, attempt: Int) async
        -> RetryDecision
    {
        attempt == 1 ? .retryAfter(seconds) : .doNotRetry
    }
}
