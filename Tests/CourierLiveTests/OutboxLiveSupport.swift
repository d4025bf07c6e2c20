import Courier
import CourierPlugins
import CourierTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The scenario server's idempotent route (scripts/scenario_idempotency.py) as an app declares
/// it. `apply` has the shape courier-probe's outbox mode queues (`OutboxProbeTarget`, plus the
/// optional `query`), so an outbox here sends what a killed probe left.
enum IdempotentAPI: TargetType, Codable, AccessTokenAuthorizable {
    case apply(name: String, item: Int, hold: Bool, query: [String: String]?)
    case stats(name: String)

    /// A mutation of `name`, with the route's options (`lose`, `status`, `fail`, `realm`).
    static func mutation(_ name: String, item: Int, _ query: [String: String] = [:]) -> IdempotentAPI {
        .apply(name: name, item: item, hold: false, query: query.isEmpty ? nil : query)
    }

    /// Not the server's address: the provider's endpoint closure names it (``endpoints(at:)``).
    var baseURL: URL { URL(string: "http://outbox.invalid")! }
    var path: String {
        switch self {
        case .apply(let name, _, _, _): "/idempotent/\(name)/apply"
        case .stats(let name): "/idempotent/\(name)/stats"
        }
    }
    var method: HTTPMethod {
        switch self {
        case .apply: .post
        case .stats: .get
        }
    }
    var task: RequestTask {
        switch self {
        case .apply(_, let item, let hold, let query):
            var parameters: [String: any Sendable] = query ?? [:]
            if hold { parameters["hold"] = "1" }
            return .requestCompositeData(bodyData: Data(#"{"item":\#(item)}"#.utf8), urlParameters: parameters)
        case .stats:
            return .requestPlain
        }
    }
    var validationType: ValidationType { .successCodes }
    var authorizationType: AuthorizationType? {
        switch self {
        case .apply: .bearer
        case .stats: nil
        }
    }

    /// Each target's endpoint on the server at `base`, as an app maps its environment.
    static func endpoints(at base: URL) -> @Sendable (IdempotentAPI) -> Endpoint {
        { target in
            let mapped = Provider.defaultEndpointMapping(for: target)
            return Endpoint(
                url: base.absoluteString + target.path, sampleResponseClosure: mapped.sampleResponseClosure,
                method: mapped.method, task: mapped.task, httpHeaderFields: mapped.httpHeaderFields)
        }
    }
}

/// What the idempotent route saw of a name.
struct IdempotencyStats: Decodable {
    struct Applied: Decodable {
        let key: String
        let body: String
    }

    struct Attempt: Decodable {
        let key: String?
        let token: String?
    }

    let applied: [Applied]
    let attempts: [Attempt]
    let replays: Int
}

/// Helpers of the outbox's live tests.
enum OutboxLive {
    /// A name of the idempotent route that no other test uses.
    static func unique(_ label: String) -> String { "\(label)-\(UUID().uuidString.prefix(8))" }

    /// A folder of the test's own.
    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("courier-outbox-live-\(UUID().uuidString)")
    }

    /// A provider of the route on the server at `base`, through the transport the pass selects.
    static func provider(_ base: URL, plugins: [any PluginType] = []) -> Provider<IdempotentAPI> {
        Provider<IdempotentAPI>(
            endpointClosure: IdempotentAPI.endpoints(at: base), transport: TestTransport.make(), plugins: plugins)
    }

    /// What the route saw of `name`.
    static func stats(_ name: String, base: URL) async throws -> IdempotencyStats {
        try await provider(base).request(.stats(name: name), as: IdempotencyStats.self)
    }

    /// What the route saw of `name`, once it applied `count` mutations: the server waits for
    /// them (a long poll), the test does not sleep.
    static func stats(_ name: String, afterApplying count: Int, base: URL) async throws -> IdempotencyStats {
        var target = PluginBinTarget(baseURL: base, path: "/idempotent/\(name)/wait")
        target.task = .requestParameters(
            parameters: ["applied": count, "timeout": 60], encoding: URLEncoding.queryString)
        target.timeout = 70
        return try await Provider<PluginBinTarget>(transport: TestTransport.make())
            .request(target, as: IdempotencyStats.self)
    }

    /// Ends every wait of `clock` as it begins, for a test that does not look at the backoff.
    static func skippingWaits(of clock: OutboxTestClock) -> Task<Void, Never> {
        Task {
            for await _ in clock.waits { clock.advance() }
        }
    }
}

#if os(Linux)
    import Glibc

    /// A `courier-probe outbox` process (Sources/Probe/OutboxProbe.swift): an app that queued
    /// mutations, to be killed with `SIGKILL`.
    final class OutboxProbeProcess: Sendable {
        private let process: Process
        private let output: FileHandle
        private let ended: Task<Void, Never>

        /// Starts `courier-probe outbox` with `arguments` (after `outbox`).
        init(_ arguments: [String]) throws {
            let process = Process()
            let pipe = Pipe()
            process.executableURL = try Probe.executable
            process.arguments = ["outbox"] + arguments
            process.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
            process.terminationHandler = { _ in continuation.finish() }
            try process.run()
            self.process = process
            output = pipe.fileHandleForReading
            ended = Task {
                for await _ in stream {}
            }
        }

        /// The keys of the mutations it queued, once they are on disk (it prints them then); read
        /// on a thread of its own, as the read blocks.
        func enqueuedKeys() async throws -> [String] {
            let output = output
            let line = await withCheckedContinuation { (continuation: CheckedContinuation<Data, Never>) in
                Thread {
                    var data = Data()
                    while !data.contains(0x0A) {
                        let piece = output.availableData
                        if piece.isEmpty { break }
                        data.append(piece)
                    }
                    continuation.resume(returning: data)
                }.start()
            }
            let report = try JSONSerialization.jsonObject(with: line) as? [String: [String]]
            return try #require(report?["enqueued"])
        }

        /// Kills it with `SIGKILL` (nothing of it runs after) and returns once it is gone.
        func kill() async {
            Glibc.kill(process.processIdentifier, SIGKILL)
            await ended.value
        }
    }
#endif
