import CourierTesting
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Adds `Authorization: Bearer <token>` and, when a call fails with `sessionExpired`, "refreshes"
/// the token and asks for a retry: the shape of a real token-refresh plugin.
final class RefreshingTokenPlugin: PluginType {
    private let token: LockedState<String>
    private let refreshedToken: String

    init(token: String, refreshedToken: String) {
        self.token = LockedState(token)
        self.refreshedToken = refreshedToken
    }

    func prepare(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
        var request = request
        request.setValue("Bearer \(token.withLock { $0 })", forHTTPHeaderField: "Authorization")
        return request
    }

    func retry(_ request: URLRequest, target: any TargetType, dueTo error: CourierError, attempt: Int) async
        -> RetryDecision
    {
        guard case .sessionExpired = error else { return .doNotRetry }
        token.withLock { $0 = refreshedToken }
        return .retry
    }
}

/// Adds the headers every call of the app carries.
struct CommonHeadersPlugin: PluginType {
    func prepare(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
        var request = request
        request.setValue("3.2.0", forHTTPHeaderField: "X-App-Version")
        return request
    }
}

/// Reports each request as it is about to be sent.
struct SendSignalPlugin: PluginType {
    let continuation: AsyncStream<Void>.Continuation

    func willSend(_ request: URLRequest, target: any TargetType) {
        continuation.yield()
    }
}

/// Measures how long an async call takes, in seconds.
func elapsedSeconds<T>(_ body: () async throws -> T) async rethrows -> (value: T, seconds: Double) {
    let clock = ContinuousClock()
    let start = clock.now
    let value = try await body()
    let duration = clock.now - start
    return (value, Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
}

/// A fresh empty directory under the temporary directory.
func makeTemporaryDirectory(_ label: String = #function) throws -> URL {
    let name = label.filter { $0.isLetter || $0.isNumber }
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("courier-testing-\(name)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
