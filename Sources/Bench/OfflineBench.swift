import Courier
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `courier-bench --offline [--quick]`: the offline-first layer's costs (issue #48), each as a
/// ratio to its baseline in the same run, rounds alternating so a busy machine's drift falls on both.
///
/// - an outbox's `enqueue` (the target encoded and checked, its file written `0600` through a
///   temporary file renamed into place, on the outbox's queue) against a stubbed call of a
///   mutation; the outbox's sends fail at once (no network) and back off for an hour, so only
///   the enqueue is timed;
/// - the first value of `values(_:as:)` (the stored answer, read by a call answered from the
///   cache alone, decoded) against a cache hit of `request(_:as:)` of the same target and body.
enum OfflineBench {
    enum FeedAPI: TargetType, Codable {
        case feed
        case like(postID: Int)

        var baseURL: URL { URL(string: "https://feed.example.com") ?? URL(fileURLWithPath: "/") }
        var path: String {
            switch self {
            case .feed: "/feed"
            case .like(let postID): "/posts/\(postID)/like"
            }
        }
        var method: HTTPMethod {
            switch self {
            case .feed: .get
            case .like: .post
            }
        }
        var task: RequestTask { .requestPlain }
        var sampleData: Data { Data(#"{"liked":true}"#.utf8) }
    }

    struct Post: Decodable, Sendable {
        let id: Int
        let title: String
        let likes: Int
    }

    /// Ten posts, about 600 bytes.
    static let body = Data(
        ("["
            + (1...10).map { #"{"id":\#($0),"title":"Post number \#($0) of the feed","likes":\#($0 * 3)}"# }
            .joined(separator: ",") + "]").utf8)

    /// No network: every request fails at once.
    struct OfflineTransport: Transport {
        func send(_ request: TransportRequest) async throws -> TransportResponse {
            throw URLError(.notConnectedToInternet)
        }
    }

    static func run(quick: Bool) async {
        let rounds = quick ? 4 : 10
        let calls = quick ? 500 : 5_000
        print("offline bench: \(rounds) rounds of \(calls) calls each, rounds alternating")
        await enqueueRow(rounds: rounds, calls: calls)
        await firstValueRow(rounds: rounds, calls: calls * 4)
    }

    private static func enqueueRow(rounds: Int, calls: Int) async {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("courier-bench-outbox-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let stubbed = Provider<FeedAPI>(stubClosure: Provider.immediatelyStub)
        var options = OutboxOptions(
            maximumEntries: calls + 1, maximumBytes: 1 << 30, backoff: OutboxBackoff(initialDelay: 3_600))
        options.retriedStatusCodes = []
        let outbox = Outbox(
            provider: Provider<FeedAPI>(transport: OfflineTransport()), directory: folder, options: options)
        _ = try? await stubbed.request(.like(postID: 0))
        _ = try? await outbox.enqueue(.like(postID: 0))
        await outbox.removeAll()

        var stubTimes: [Double] = []
        var enqueueTimes: [Double] = []
        for round in 0..<rounds {
            let stub = await perCall(calls) { index in _ = try? await stubbed.request(.like(postID: index)) }
            let enqueue = await perCall(calls) { index in _ = try? await outbox.enqueue(.like(postID: index)) }
            await outbox.removeAll()
            if round > 0 {  // the first round warms up
                stubTimes.append(stub)
                enqueueTimes.append(enqueue)
            }
        }
        let ratio = PairedRatio(enqueueTimes, over: stubTimes)
        print(
            String(
                format: "stubbed call: %.2f µs; outbox enqueue: %.2f µs; enqueue / stubbed %.2f (95%% %.2f–%.2f)",
                Stopwatch.median(stubTimes) * 1e6, Stopwatch.median(enqueueTimes) * 1e6, ratio.mean, ratio.low,
                ratio.high))
        outbox.close()
    }

    private static func firstValueRow(rounds: Int, calls: Int) async {
        var options = ProviderOptions()
        options.cache = HTTPCache()
        let cached = Provider<FeedAPI>(transport: CacheBench.OriginTransport(body: body), options: options)
        _ = try? await cached.request(.feed, as: [Post].self)

        var hitTimes: [Double] = []
        var firstTimes: [Double] = []
        for round in 0..<rounds {
            let hit = await perCall(calls) { _ in _ = try? await cached.request(.feed, as: [Post].self) }
            let first = await perCall(calls) { _ in
                var values = cached.values(.feed, as: [Post].self).makeAsyncIterator()
                _ = try? await values.next()
            }
            if round > 0 {
                hitTimes.append(hit)
                firstTimes.append(first)
            }
        }
        let ratio = PairedRatio(firstTimes, over: hitTimes)
        print(
            String(
                format: "cache hit (request(_:as:)): %.2f µs; first value of values(_:as:): %.2f µs; "
                    + "first value / hit %.2f (95%% %.2f–%.2f)",
                Stopwatch.median(hitTimes) * 1e6, Stopwatch.median(firstTimes) * 1e6, ratio.mean, ratio.low,
                ratio.high))
    }

    private static func perCall(_ count: Int, _ body: (Int) async -> Void) async -> Double {
        let seconds = await Stopwatch.time {
            for index in 0..<count { await body(index) }
        }
        return seconds / Double(count)
    }
}
