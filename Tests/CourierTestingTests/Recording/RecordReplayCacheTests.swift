import CourierTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A provider with an `HTTPCache` records and replays as one without: the cache answers what it
/// holds, and only what reaches the network is recorded or replayed.
@Suite("Recorder and replay with an HTTP cache")
struct RecordReplayCacheTests {
    private static func cachingProvider(over transport: any Transport) -> Provider<BinTarget> {
        var options = ProviderOptions()
        options.cache = HTTPCache()
        return Provider<BinTarget>(transport: transport, options: options)
    }

    @Test func aCachedAnswerIsRecordedOnceAndReplaysWithTheCacheOn() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = FakeServer()
        let recorder = RecordingTransport(recordingTo: directory, wrapping: server)
        let live = Self.cachingProvider(over: recorder)
        let target = BinTarget(baseURL: RecordReplayTests.recordedBase, path: "/cached")
        let first = try await live.request(target)
        let second = try await live.request(target)
        #expect(first.cacheOrigin == nil)
        #expect(second.cacheOrigin?.kind == .hit)
        #expect(second.data == first.data)
        #expect(server.callCount == 1, "the second call was the cache's")
        #expect(recorder.recordedFiles.map(\.lastPathComponent) == ["GET_cached.json"])

        let replay = Self.cachingProvider(over: ReplayTransport(directory: directory))
        let replayedTarget = BinTarget(baseURL: RecordReplayTests.replayedBase, path: "/cached")
        let replayed = try await replay.request(replayedTarget)
        let replayedAgain = try await replay.request(replayedTarget)
        #expect(replayed.statusCode == 200)
        #expect(replayed.data == first.data)
        #expect(replayed.cacheOrigin == nil, "the first replayed call reached the recording")
        #expect(replayedAgain.cacheOrigin?.kind == .hit)
        #expect(server.callCount == 1, "the replay never reached the server")
    }
}
