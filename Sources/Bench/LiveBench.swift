import Courier
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// GETs to a loopback server: Courier against raw `URLSession` (`dataTask` on a session with the
/// default configuration), against `URLSession.shared`, and Courier's `URLSessionTransport` alone
/// (what the `Provider` adds is the difference) and after 5 µs of busy work per call (what any
/// work between calls costs on this machine), sequential and wide, in many short interleaved
/// rounds in balanced orders: requests per second, the process's CPU time per request, and each
/// client's rounds against raw `URLSession`'s of the same cycle.
struct LiveBench {
    struct Target: TargetType {
        let url: URL
        var baseURL: URL { url }
        var path: String { "" }
        var method: HTTPMethod { .get }
        var task: RequestTask { .requestPlain }
        var validationType: ValidationType { .successCodes }
    }

    enum Client: String, CaseIterable {
        case raw = "raw URLSession"
        case shared = "URLSession.shared"
        case transport = "URLSessionTransport alone"
        /// The transport alone after 5 µs of busy work per call, the order of the `Provider`'s own
        /// cost per call (docs/BENCHMARKS.md): how much any work between calls costs here.
        case transportAfterWork = "URLSessionTransport + 5 µs of work per call"
        case courier = "Courier"
    }

    struct Figures {
        let label: String
        /// Median requests per second of each client.
        let perSecond: [Client: Double]
        /// Median CPU time of the whole process per request, in microseconds, of each client.
        let cpuMicros: [Client: Double]
        /// Each client's rounds against raw `URLSession`'s rounds of the same cycles.
        let ratios: [Client: PairedRatio]
        /// Calls that failed: the figures of a run with failures are void.
        let failures: Int
    }

    let url: URL
    let rounds: Int
    let requestsPerRound: Int

    func run(width: Int) async -> Figures {
        let rawSession = URLSession(configuration: .default)
        let provider = Provider<Target>()
        let transport = URLSessionTransport()
        let target = Target(url: url)
        let url = url
        let failures = LockedState(0)
        let transportGET: @Sendable () async throws -> Void = {
            let answer = try await transport.send(TransportRequest(urlRequest: URLRequest(url: url)))
            guard answer.statusCode == 200 else { throw URLError(.badServerResponse) }
        }
        let calls: [Client: @Sendable () async throws -> Void] = [
            .raw: { try await Self.rawGET(rawSession, url) },
            .shared: { try await Self.rawGET(.shared, url) },
            .transport: transportGET,
            .transportAfterWork: {
                Self.busyWork(microseconds: 5)
                try await transportGET()
            },
            .courier: { _ = try await provider.request(target) },
        ]
        for call in calls.values { try? await call() }
        var rates: [Client: [Double]] = [:]
        var cpu: [Client: [Double]] = [:]
        let orders = BalancedOrder.rounds(of: Client.allCases)
        for round in 0..<rounds {
            for client in orders[round % orders.count] {
                guard let call = calls[client] else { continue }
                let result = await throughput(width: width) {
                    do {
                        try await call()
                    } catch {
                        failures.withLock { $0 += 1 }
                    }
                }
                rates[client, default: []].append(result.perSecond)
                cpu[client, default: []].append(result.cpuMicros)
            }
        }
        rawSession.invalidateAndCancel()
        let raw = rates[.raw] ?? []
        return Figures(
            label: width == 1 ? "sequential" : "\(width) wide",
            perSecond: rates.mapValues(Stopwatch.median), cpuMicros: cpu.mapValues(Stopwatch.median),
            ratios: rates.mapValues { PairedRatio($0, over: raw) }, failures: failures.withLock { $0 })
    }

    /// One round of one client: requests per second, and the process's CPU time per request in
    /// microseconds.
    private typealias Round = (perSecond: Double, cpuMicros: Double)

    /// Requests per second over `requestsPerRound` requests, `width` at a time, and the process's
    /// CPU time per request.
    private func throughput(width: Int, _ call: @escaping @Sendable () async -> Void) async -> Round {
        let perWorker = max(1, requestsPerRound / width)
        let (seconds, cpuSeconds) = await Stopwatch.timeWithCPU {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<width {
                    group.addTask {
                        for _ in 0..<perWorker { await call() }
                    }
                }
            }
        }
        let requests = Double(perWorker * width)
        return (requests / seconds, cpuSeconds / requests * 1e6)
    }

    /// Keeps the thread busy for `microseconds`, as a caller's own work between two calls would.
    static func busyWork(microseconds: Int) {
        let clock = ContinuousClock()
        let end = clock.now.advanced(by: .microseconds(microseconds))
        while clock.now < end {}
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
