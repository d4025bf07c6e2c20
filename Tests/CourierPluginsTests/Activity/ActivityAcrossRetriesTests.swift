import CourierPlugins
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An indicator shows a call, not an attempt: it stays busy while a call is retried and goes
/// idle once, with the call's final outcome.
@Suite("ActivityIndicator across retries")
struct ActivityAcrossRetriesTests {
    @Test("a call that times out twice and then succeeds shows busy once and idle once")
    func retriedCallStaysBusy() async throws {
        let changes = Recorder<ActivityIndicator.State>()
        let indicator = ActivityIndicator { changes.append($0) }
        let provider = Provider<PluginTarget>(
            transport: FlakyTransport(failures: 2, then: ScriptedTransport()),
            plugins: [NetworkActivityPlugin(indicator: indicator), RetryTwicePlugin()])

        let response = try await provider.request(PluginTarget())

        #expect(response.statusCode == 200)
        #expect(changes.all == [.busy, .idle])
        #expect(indicator.activeCount == 0)
    }

    @Test("a call whose every attempt fails still goes idle, once")
    func failedCallGoesIdle() async {
        let changes = Recorder<ActivityIndicator.State>()
        let indicator = ActivityIndicator { changes.append($0) }
        let provider = Provider<PluginTarget>(
            transport: ScriptedTransport.failing(URLError(.timedOut)),
            plugins: [NetworkActivityPlugin(indicator: indicator), RetryTwicePlugin()])

        _ = try? await provider.request(PluginTarget())

        #expect(changes.all == [.busy, .idle])
        #expect(indicator.state == .idle)
    }

    @Test("a call whose prepare throws never shows busy")
    func unsentCallShowsNothing() async {
        let changes = Recorder<ActivityIndicator.State>()
        let indicator = ActivityIndicator { changes.append($0) }
        let provider = Provider<PluginTarget>(
            transport: ScriptedTransport(), plugins: [ThrowingPrepare(), NetworkActivityPlugin(indicator: indicator)])

        _ = try? await provider.request(PluginTarget())

        #expect(changes.all.isEmpty)
        #expect(indicator.activeCount == 0)
    }

    @Test("the Moya-shaped closure still sees one .began and one .ended per attempt")
    func closurePerAttempt() async throws {
        let changes = Recorder<NetworkActivityChangeType>()
        let provider = Provider<PluginTarget>(
            transport: FlakyTransport(failures: 1, then: ScriptedTransport()),
            plugins: [NetworkActivityPlugin { change, _ in changes.append(change) }, RetryTwicePlugin()])

        _ = try await provider.request(PluginTarget())

        #expect(changes.all == [.began, .ended, .began, .ended])
    }
}

/// Retries any failure up to twice.
private struct RetryTwicePlugin: PluginType {
    func retry(_ request: URLRequest, target: any TargetType, dueTo error: CourierError, attempt: Int) async
        -> RetryDecision
    {
        attempt <= 2 ? .retry : .doNotRetry
    }
}

/// Fails every call in `prepare`.
private struct ThrowingPrepare: PluginType {
    func prepare(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
        throw MarkerError(name: "prepare")
    }
}
