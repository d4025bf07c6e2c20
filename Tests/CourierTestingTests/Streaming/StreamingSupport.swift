import Courier
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A streaming API for the streaming tests.
enum LiveRoomAPI: TargetType {
    case comments(room: Int)
    case orders

    var baseURL: URL { URL(string: "https://live.example.com") ?? URL(fileURLWithPath: "/") }
    var path: String {
        switch self {
        case .comments(let room): "/rooms/\(room)/comments"
        case .orders: "/orders/stream"
        }
    }
    var method: HTTPMethod { .get }
    var task: RequestTask { .requestPlain }
    var headers: [String: String]? { nil }
    var sampleData: Data { Data("data: {\"user\":\"ann\",\"text\":\"hi\"}\n\n".utf8) }
}

struct Comment: Decodable, Sendable, Equatable {
    let user: String
    let text: String
}

/// Records every hook a call runs, in order, with what it saw.
final class HookRecorder: PluginType {
    let log = LockedState<[String]>([])
    let finished = LockedState<[(Result<Response, CourierError>, CallContext?)]>([])
    /// Retries a `sessionExpired` once, as a token refresh would.
    let retriesExpiry: Bool

    init(retriesExpiry: Bool = false) {
        self.retriesExpiry = retriesExpiry
    }

    func willSend(_ request: URLRequest, target: any TargetType) {
        log.withLock { $0.append("willSend") }
    }

    func didReceive(_ result: Result<Response, CourierError>, target: any TargetType) {
        let entry: String
        switch result {
        case .success(let response): entry = "didReceive \(response.statusCode) \(response.data.count)"
        case .failure(let error): entry = "didReceive \(error.response?.statusCode ?? 0) failure"
        }
        log.withLock { $0.append(entry) }
    }

    func retry(_ request: URLRequest, target: any TargetType, dueTo error: CourierError, attempt: Int) async
        -> RetryDecision
    {
        guard retriesExpiry, case .sessionExpired = error, attempt == 1 else { return .doNotRetry }
        return .retry
    }

    func didFinish(_ result: Result<Response, CourierError>, target: any TargetType) {
        log.withLock { $0.append("didFinish") }
        finished.withLock { $0.append((result, CallContext.current)) }
    }
}
