import Courier
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// GETs to a loopback server: Courier against raw `URLSession` (`dataTask` on a session with the
/// default configuration) and against `URLSession.shared`, sequential and wide, in interleaved
/// rounds whose order turns (A B C, B C A, C A B …): requests per second, and the process's CPU
/// time per request.
struct LiveBench {
    struct Target: TargetType {
        let url: URL
        var baseURL: URL { url }
        var path: String { "" }
        var method: HTTPMethod { .get }
        var task: RequestTask { .requestPlain }
        var validationType: ValidationType { .successCodes }
    }

    struct Figures {
        let label: String
        let rawPerSecond: Double
        let sharedPerSecond: Double
        let courierPerSecond: Double
        /// Median CPU time of the whole process per request, in microseconds.
        let rawCPUMicros: Double
        let courierCPUMicros: Double
        var ratio: Double { courierPerSecond / rawPerSecond }
        var sharedRatio: Double { courierPerSecond / sharedPerSecond }
    }

    let url: URL
    let rounds: Int
    let requestsPerRound: Int

    func run(width: Int) async -> Figures {
        let rawSession = URLSession(configuration: .default)
        let provider = Provider<Target>()
        let target = Target(url: url)
        _ = try? await Self.rawGET(rawSession, url)
        _ = try? await provider.request(target)
        _ = try? await Self.rawGET(.shared, url)
        var raw: [Round] = []
        var shared: [Round] = []
        var courier: [Round] = []
        // The order turns each round (A B C, B C A, C A B …) so that no client always runs
        // right after the same other one, or always first on a machine whose load drifts.
        for round in 0..<rounds {
            for slot in 0..<3 {
                switch (round + slot) % 3 {
                case 0: raw.append(await throughput(width: width) { try await Self.rawGET(rawSession, url) })
                case 1: shared.append(await throughput(width: width) { try await Self.rawGET(.shared, url) })
                default: courier.append(await throughput(width: width) { _ = try await provider.request(target) })
                }
            }
        }
        rawSession.invalidateAndCancel()
        return Figures(
            label: width == 1 ? "sequential" : "\(width) wide", rawPerSecond: Stopwatch.median(raw.map(\.perSecond)),
            sharedPerSecond: Stopwatch.median(shared.map(\.perSecond)),
            courierPerSecond: Stopwatch.median(courier.map(\.perSecond)),
            rawCPUMicros: Stopwatch.median(raw.map(\.cpuMicros)),
            courierCPUMicros: Stopwatch.median(courier.map(\.cpuMicros)))
    }

    /// One round of one client: requests per second, and the process's CPU time per request in
    /// microseconds.
    private typealias Round = (perSecond: Double, cpuMicros: Double)

    /// Requests per second over `requestsPerRound` requests, `width` at a time, and the process's
    /// CPU time per request.
    private func throughput(width: Int, _ call: @escaping @Sendable () async throws -> Void) async -> Round {
        let perWorker = max(1, requestsPerRound / width)
        let (seconds, cpuSeconds) = await Stopwatch.timeWithCPU {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<width {
                    group.addTask {
                        for _ in 0..<perWorker { try? await call() }
                    }
                }
            }
        }
        let requests = Double(perWorker * width)
        return (requests / seconds, cpuSeconds / requests * 1e6)
    }

    /// A GET of `url` by a `dataTask` with a completion handler; throws unless the status is 200.
    static func rawGET(_ session: URLSession, _ url: URL) async throws {
        let request = URLRequest(url: url)
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            session.dataTask(with: request) { _, response, error in
                if let error {
                    continuation.resume(throwing: error)
                } else if (response as? HTTPURLResponse)?.statusCode != 200 {
                    continuation.resume(throwing: URLError(.badServerResponse))
                } else {
                    continuation.resume()
                }
            }.resume()
        }
    }
}
