import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The offline fallback at a call's end, and the cache's background work.
@Suite("Cache fallback and background work")
struct CacheFallbackTests {
    typealias Origin = CachePipelineTests.Origin

    struct AlwaysRetry: PluginType {
        func retry(_ request: URLRequest, target: any TargetType, dueTo error: CourierError, attempt: Int) async
            -> RetryDecision
        { .retry }
    }

    final class FinalResults: PluginType {
        let results = LockedState<[CacheOrigin?]>([])
        func didFinish(_ result: Result<Response, CourierError>, target: any TargetType) {
            let origin = try? result.get().cacheOrigin
            results.withLock { $0.append(origin ?? nil) }
        }
    }

    @Test func afterEveryRetryTheLastStoredAnswerIsServedMarkedStale() async throws {
        let origin = Origin()
        origin.set { $0.headers = ["Cache-Control": "max-age=0"] }
        let finals = FinalResults()
        let cache = HTTPCache(defaultPolicy: .useProtocol.fallingBackWhenOffline())
        let provider = CachePipelineTests.provider(origin, cache: cache, plugins: [AlwaysRetry(), finals])
        _ = try await provider.request(CoreTestTarget())
        origin.set { $0.failure = URLError(.cannotConnectToHost) }
        let answer = try await provider.request(CoreTestTarget(), as: CachePipelineTests.Counted.self)
        #expect(answer == CachePipelineTests.Counted(n: 1))
        #expect(origin.sent.count == 1 + 3)
        let last = finals.results.withLock { $0.last ?? nil }
        #expect(last?.kind == .offlineFallback && last?.isStale == true)
        #expect(cache.metrics.fallbacks == 1)
    }

    @Test func withoutTheFallbackPolicyTheFailureStands() async throws {
        let origin = Origin()
        origin.set { $0.headers = ["Cache-Control": "max-age=0"] }
        let provider = CachePipelineTests.provider(origin)
        _ = try await provider.request(CoreTestTarget())
        origin.set { $0.failure = URLError(.notConnectedToInternet) }
        await #expect(throws: CourierError.self) { try await provider.request(CoreTestTarget()) }
    }

    @Test func mustRevalidateIsNeverShownStale() async throws {
        let origin = Origin()
        origin.set { $0.headers = ["Cache-Control": "max-age=0, must-revalidate"] }
        let cache = HTTPCache(defaultPolicy: .useProtocol.fallingBackWhenOffline())
        let provider = CachePipelineTests.provider(origin, cache: cache)
        _ = try await provider.request(CoreTestTarget())
        origin.set { $0.failure = URLError(.timedOut) }
        await #expect(throws: CourierError.self) { try await provider.request(CoreTestTarget()) }
    }

    @Test func serverErrorsFallBackOnlyWhenAllowed() async throws {
        let origin = Origin()
        origin.set { $0.headers = ["Cache-Control": "max-age=0"] }
        let strict = HTTPCache(defaultPolicy: .useProtocol.fallingBackWhenOffline())
        let lenient = HTTPCache(defaultPolicy: .useProtocol.fallingBackWhenOffline(onServerErrors: true))
        let strictProvider = CachePipelineTests.provider(origin, cache: strict)
        let lenientProvider = CachePipelineTests.provider(origin, cache: lenient)
        _ = try await strictProvider.request(CoreTestTarget())
        _ = try await lenientProvider.request(CoreTestTarget())
        origin.set { $0.status = 500 }
        #expect(try await strictProvider.request(CoreTestTarget()).statusCode == 500)
        let fallen = try await lenientProvider.request(CoreTestTarget())
        #expect(fallen.statusCode == 200 && fallen.cacheOrigin?.kind == .offlineFallback)
    }

    /// A transport whose later calls hang until cancelled, and that says when one starts and ends.
    final class HangingAfterFirst: Transport {
        let calls = LockedState(0)
        let events: AsyncStream<String>
        private let continuation: AsyncStream<String>.Continuation

        init() {
            (events, continuation) = AsyncStream.makeStream(of: String.self)
        }

        func send(_ request: TransportRequest) async throws -> TransportResponse {
            let number = calls.withLock { count -> Int in
                count += 1
                return count
            }
            if number == 1 {
                let headers = ["Cache-Control": "max-age=0, stale-while-revalidate=600", "ETag": "\"a\""]
                return TransportResponse(
                    response: .make(for: request.urlRequest, status: 200, headers: headers), data: Data("old".utf8))
            }
            continuation.yield("started")
            let (stream, hold) = AsyncStream.makeStream(of: Void.self)
            await withTaskCancellationHandler {
                for await _ in stream {}
            } onCancel: {
                hold.finish()
            }
            continuation.yield("cancelled")
            throw CancellationError()
        }
    }

    /// `stale-while-revalidate`: the stale answer at once, the revalidation in the background, and
    /// `close()` ends that work (the hanging request is cancelled) before it returns.
    @Test func backgroundRevalidationEndsWithTheCache() async throws {
        let transport = HangingAfterFirst()
        let cache = HTTPCache()
        var options = ProviderOptions()
        options.cache = cache
        let provider = Provider<CoreTestTarget>(transport: transport, options: options)
        _ = try await provider.request(CoreTestTarget())
        let stale = try await provider.request(CoreTestTarget())
        #expect(stale.cacheOrigin?.kind == .staleWhileRevalidate && stale.data == Data("old".utf8))
        var events = transport.events.makeAsyncIterator()
        #expect(await events.next() == "started")
        // A second stale hit does not start a second revalidation of the same entry.
        _ = try await provider.request(CoreTestTarget())
        #expect(cache.background.running == 1)
        await cache.close()
        #expect(cache.background.running == 0)
        #expect(await events.next() == "cancelled")
        #expect(transport.calls.withLock { $0 } == 2)
        // Closed: stale hits go on, but nothing new starts.
        _ = try await provider.request(CoreTestTarget())
        #expect(cache.background.running == 0)
    }

    @Test func aBackgroundRevalidationStoresWhatTheServerSends() async throws {
        let origin = Origin()
        origin.set { $0.headers = ["Cache-Control": "max-age=0, stale-while-revalidate=600"] }
        let cache = HTTPCache()
        let provider = CachePipelineTests.provider(origin, cache: cache)
        _ = try await provider.request(CoreTestTarget())
        origin.set { $0.headers = ["Cache-Control": "max-age=600"] }
        let stale = try await provider.request(CoreTestTarget())
        #expect(stale.data == Data(#"{"n":1}"#.utf8))
        await cache.background.drain()
        let fresh = try await provider.request(CoreTestTarget())
        #expect(fresh.cacheOrigin?.kind == .hit && fresh.data == Data(#"{"n":2}"#.utf8))
    }
}
