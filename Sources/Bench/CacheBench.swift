import Courier
import CourierHTTP1
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `courier-bench --cache [--url URL] [--quick]`: the HTTP cache's costs (issue #23), each as a
/// ratio to its baseline in the same run, rounds alternating so a busy machine's drift falls on both.
///
/// - a cache hit through the whole provider against a stubbed call of the same target and body;
/// - the hit path with 10,000 entries stored: its time, and the resident memory the entries take;
/// - with `--url` (nginx, from scripts/bench): a `304` revalidation of a 100 KB file against a
///   full `200` of it, through the default transport of the platform.
enum CacheBench {
    enum Item: TargetType {
        case item(Int)
        var baseURL: URL { URL(string: "https://bench.example.com") ?? URL(fileURLWithPath: "/") }
        var path: String {
            switch self {
            case .item(let number): "/items/\(number)"
            }
        }
        var method: HTTPMethod { .get }
        var task: RequestTask { .requestPlain }
        var sampleData: Data { CacheBench.body }
    }

    /// A GET of the 100 KB file, revalidated on every call when `revalidate` is set (`no-cache`).
    struct File: TargetType {
        let url: URL
        let revalidate: Bool
        var baseURL: URL { url }
        var path: String { "" }
        var method: HTTPMethod { .get }
        var task: RequestTask { .requestPlain }
        var headers: [String: String]? { revalidate ? ["Cache-Control": "no-cache"] : nil }
    }

    /// Answers every request with a copy of `body` (as a network answer has a buffer of its own),
    /// fresh for an hour.
    struct OriginTransport: Transport {
        var body = CacheBench.body

        func send(_ request: TransportRequest) async throws -> TransportResponse {
            let url = request.urlRequest.url ?? URL(fileURLWithPath: "/")
            guard
                let response = TransportResponse(
                    url: url, statusCode: 200, httpVersion: "HTTP/1.1",
                    headerFields: [
                        HeaderField(name: "Content-Type", value: "application/json"),
                        HeaderField(name: "Cache-Control", value: "max-age=3600"),
                    ], data: Data([UInt8](body)))
            else { throw TransportError.notHTTP }
            return response
        }
    }

    static let body = BenchBodies.envelopedPage(approximateBytes: 1000)

    static func run(url: URL?, quick: Bool) async {
        let rounds = quick ? 4 : 10
        let calls = quick ? 2_000 : 20_000
        print("cache bench: \(rounds) rounds of \(calls) calls each, rounds alternating")

        let stubbed = Provider<Item>(stubClosure: Provider.immediatelyStub)
        var options = ProviderOptions()
        options.cache = HTTPCache(memoryByteLimit: 256 << 20, memoryEntryLimit: 20_000)
        let cached = Provider<Item>(transport: OriginTransport(), options: options)
        _ = try? await cached.request(.item(0))

        var stubTimes: [Double] = []
        var hitTimes: [Double] = []
        for round in 0..<rounds {
            let stub = await perCall(calls) { _ in _ = try? await stubbed.request(.item(0)) }
            let hit = await perCall(calls) { _ in _ = try? await cached.request(.item(0)) }
            if round > 0 {  // the first round warms up
                stubTimes.append(stub)
                hitTimes.append(hit)
            }
        }
        let hitRatio = PairedRatio(hitTimes, over: stubTimes)
        print(
            String(
                format: "stubbed call: %.2f µs; cache hit: %.2f µs; hit / stubbed %.2f (95%% %.2f–%.2f)",
                Stopwatch.median(stubTimes) * 1e6, Stopwatch.median(hitTimes) * 1e6, hitRatio.mean, hitRatio.low,
                hitRatio.high))

        let before = ProcessMemory.residentBytes ?? 0
        for number in 1...10_000 { _ = try? await cached.request(.item(number)) }
        let after = ProcessMemory.residentBytes ?? 0
        var manyTimes: [Double] = []
        var oneTimes: [Double] = []
        for _ in 0..<rounds {
            oneTimes.append(await perCall(calls) { _ in _ = try? await cached.request(.item(0)) })
            manyTimes.append(await perCall(calls) { index in _ = try? await cached.request(.item(index % 10_000 + 1)) })
        }
        let manyRatio = PairedRatio(manyTimes, over: oneTimes)
        print(
            String(
                format: "10,000 entries of %d B: %.1f MB resident (%.0f B each); hit over all of them %.2f µs, "
                    + "%.2f × a hit on one entry (95%% %.2f–%.2f)",
                body.count, Double(after - before) / 1e6, Double(after - before) / 10_000,
                Stopwatch.median(manyTimes) * 1e6, manyRatio.mean, manyRatio.low, manyRatio.high))

        guard let url else {
            print("no --url: the 304-against-200 row needs scripts/bench's nginx")
            return
        }
        let file = url.deletingLastPathComponent().appendingPathComponent("big.bin")
        var transports: [(String, any Transport)] = [("URLSessionTransport", URLSessionTransport())]
        #if os(Linux)
            transports.append(("RoutingTransport (native)", RoutingTransport()))
        #endif
        for (name, transport) in transports {
            await revalidationRow(file: file, name: name, transport: transport, rounds: rounds, quick: quick)
        }
    }

    /// A `304` revalidation of `file` against a full `200` of it, over `transport`.
    private static func revalidationRow(file: URL, name: String, transport: any Transport, rounds: Int, quick: Bool)
        async
    {
        let full = Provider<File>(transport: transport)
        var revalidatingOptions = ProviderOptions()
        revalidatingOptions.cache = HTTPCache()
        let revalidating = Provider<File>(transport: transport, options: revalidatingOptions)
        _ = try? await revalidating.request(File(url: file, revalidate: false))
        let probe = try? await revalidating.request(File(url: file, revalidate: true))
        guard probe?.cacheOrigin?.kind == .revalidated, probe?.data.count == 100_000 else {
            print("\(file) did not revalidate to a 100,000-byte body; no 304 row")
            return
        }
        let networkCalls = quick ? 100 : 500
        var fullTimes: [Double] = []
        var notModifiedTimes: [Double] = []
        for _ in 0..<rounds {
            fullTimes.append(
                await perCall(networkCalls) { _ in _ = try? await full.request(File(url: file, revalidate: false)) })
            notModifiedTimes.append(
                await perCall(networkCalls) { _ in
                    _ = try? await revalidating.request(File(url: file, revalidate: true))
                })
        }
        let ratio = PairedRatio(notModifiedTimes, over: fullTimes)
        print(
            "100 KB on loopback, \(name): "
                + String(
                    format: "full 200 %.0f µs; 304 revalidation %.0f µs; 304 / 200 %.2f (95%% %.2f–%.2f)",
                    Stopwatch.median(fullTimes) * 1e6, Stopwatch.median(notModifiedTimes) * 1e6, ratio.mean, ratio.low,
                    ratio.high))
    }

    /// Seconds per call of `count` calls of `body` (given the call's index).
    private static func perCall(_ count: Int, _ body: (Int) async -> Void) async -> Double {
        let seconds = await Stopwatch.time {
            for index in 0..<count { await body(index) }
        }
        return seconds / Double(count)
    }
}
