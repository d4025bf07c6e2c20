import Courier
import CourierPlugins
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The HTTP cache: a call revalidated with a `304`, then the same call answered from the cache,
/// marked stale, once the server is gone. The server is in memory, so this runs in every mode.
extension Demo {
    /// A ranking server that answers with an `ETag`, confirms it with `304`, and can be switched off.
    final class RankOrigin: Transport {
        private let online = LockedState(true)

        func switchOff() { online.withLock { $0 = false } }

        func send(_ request: TransportRequest) async throws -> TransportResponse {
            guard online.withLock({ $0 }) else { throw URLError(.notConnectedToInternet) }
            let url = request.urlRequest.url ?? DemoHosts.rank
            let etag = "\"rank-2023-w5\""
            let unchanged = request.urlRequest.value(forHTTPHeaderField: "If-None-Match") == etag
            let fields = [
                HeaderField(name: "Content-Type", value: "application/json"),
                HeaderField(name: "Cache-Control", value: "max-age=0"), HeaderField(name: "ETag", value: etag),
            ]
            guard
                let answer = TransportResponse(
                    url: url, statusCode: unchanged ? 304 : 200, httpVersion: "HTTP/1.1", headerFields: fields,
                    data: unchanged ? Data() : RankAPI.rank(area: "CN").sampleData)
            else { throw TransportError.notHTTP }
            return answer
        }
    }

    /// Runs the cache's scenarios and returns how many did not behave as expected.
    func caching() async -> Int {
        DemoConsole.heading("HTTP cache — revalidation and the offline fallback")
        let origin = RankOrigin()
        var options = ProviderOptions()
        options.cache = HTTPCache(defaultPolicy: .useProtocol.fallingBackWhenOffline())
        let logger = NetworkLoggerPlugin(configuration: .init(output: DemoConsole.log, logOptions: [.requestMethod]))
        let rank = Provider<RankAPI>(transport: origin, plugins: [logger], options: options)
        var failures = 0
        let steps: [(String, CacheOrigin.Kind?)] = [
            ("First call: from the server, stored", nil),
            ("Second call: stale, so revalidated; the server answers 304", .revalidated),
            ("Server switched off: the last stored answer, marked stale", .offlineFallback),
        ]
        for (index, (title, expected)) in steps.enumerated() {
            DemoConsole.step(title)
            if index == 2 { origin.switchOff() }
            do {
                let response = try await rank.request(.rank(area: "CN"))
                let origin = response.cacheOrigin
                guard origin?.kind == expected else {
                    DemoConsole.failure("unexpected origin: \(origin.map(String.init(describing:)) ?? "network")")
                    failures += 1
                    continue
                }
                let stale = origin?.isStale == true ? " — show it with an \"offline\" banner" : ""
                DemoConsole.result(
                    "\(response.statusCode), \(response.data.count) bytes, \(origin.map { "\($0)" } ?? "network")\(stale)"
                )
            } catch {
                DemoConsole.failure("unexpected: \(error)")
                failures += 1
            }
        }
        DemoConsole.result("cache metrics: \(options.cache?.metrics.description ?? "-")")
        return failures
    }
}
