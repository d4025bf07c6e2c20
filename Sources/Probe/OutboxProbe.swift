import Courier
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `courier-probe outbox <urlsession|native|routing> <folder> <base URL> <name> <count> [--hold]`:
/// an app that queues `count` mutations in an outbox in `folder` and is then killed (the live
/// tests send SIGKILL), for the outbox's kill-and-restart tests.
///
/// It enqueues the mutations (`OutboxProbeTarget`, sent to `<base URL>/idempotent/<name>/apply`,
/// with `hold=1` when `--hold` is given), prints `{"enqueued": [keys]}` once they are on disk,
/// and waits for its end while the outbox sends; it ends by itself when its parent is gone.
enum OutboxProbe {
    static func run(_ arguments: [String]) async -> Int32 {
        guard arguments.count >= 5, let base = URL(string: arguments[2]), let count = Int(arguments[4]), count > 0
        else {
            FileHandle.standardError.write(
                Data(
                    ("usage: courier-probe outbox <urlsession|native|routing> <folder> <base URL> <name> <count>"
                        + " [--hold]\n").utf8))
            return 2
        }
        let transport = ProbeArguments.transport(named: arguments[0], limit: TransportResponse.defaultMaximumSize)
        let provider = Provider<OutboxProbeTarget>(
            endpointClosure: OutboxProbeTarget.endpoints(at: base), transport: transport)
        let outbox = Outbox(provider: provider, directory: URL(fileURLWithPath: arguments[1]))
        var keys: [String] = []
        do {
            for item in 1...count {
                let target = OutboxProbeTarget.apply(name: arguments[3], item: item, hold: arguments.contains("--hold"))
                keys.append(try await outbox.enqueue(target).idempotencyKey)
            }
        } catch {
            FileHandle.standardError.write(Data("courier-probe outbox: \(error)\n".utf8))
            return 1
        }
        let report = (try? JSONSerialization.data(withJSONObject: ["enqueued": keys])) ?? Data()
        FileHandle.standardOutput.write(report + Data("\n".utf8))
        // Until the test kills it; a test process that is itself killed leaves no probe behind.
        let parent = getppid()
        while getppid() == parent { try? await Task.sleep(nanoseconds: 500_000_000) }
        return 0
    }
}

/// A mutation of the scenario server's idempotent route (scripts/scenario_idempotency.py). Its
/// base URL is not part of it: the provider's endpoint closure names the server, as an app's
/// names its environment, so the process that sends it may reach another address than the one
/// that queued it. The live tests declare the same shape (`IdempotentAPI`).
enum OutboxProbeTarget: TargetType, Codable {
    case apply(name: String, item: Int, hold: Bool)

    var baseURL: URL { URL(string: "http://outbox.invalid") ?? URL(fileURLWithPath: "/") }
    var path: String {
        switch self {
        case .apply(let name, _, _): "/idempotent/\(name)/apply"
        }
    }
    var method: HTTPMethod { .post }
    var task: RequestTask {
        switch self {
        case .apply(_, let item, let hold):
            .requestCompositeData(bodyData: Data(#"{"item":\#(item)}"#.utf8), urlParameters: hold ? ["hold": "1"] : [:])
        }
    }

    /// Each target's endpoint on the server at `base`.
    static func endpoints(at base: URL) -> @Sendable (OutboxProbeTarget) -> Endpoint {
        { target in
            let mapped = Provider.defaultEndpointMapping(for: target)
            return Endpoint(
                url: base.absoluteString + target.path, sampleResponseClosure: mapped.sampleResponseClosure,
                method: mapped.method, task: mapped.task, httpHeaderFields: mapped.httpHeaderFields)
        }
    }
}
