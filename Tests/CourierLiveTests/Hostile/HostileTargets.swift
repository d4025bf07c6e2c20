import Courier
import CourierHTTP1
import CourierPlugins
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A call to `scripts/hostile_server.py`: a path with an optional query, and headers.
struct HostileTarget: TargetType {
    let baseURL: URL
    var path: String
    var query: [String: any Sendable] = [:]
    var method: HTTPMethod = .get
    var headers: [String: String]?
    var body: Data?

    /// A call to `path` on the hostile server; throws when `COURIER_HOSTILE_URL` is not set.
    init(
        _ path: String, query: [String: any Sendable] = [:], method: HTTPMethod = .get,
        headers: [String: String]? = nil, body: Data? = nil
    ) throws {
        self.baseURL = try LiveServers.url(for: .hostile)
        self.path = path
        self.query = query
        self.method = method
        self.headers = headers
        self.body = body
    }

    var task: RequestTask {
        if let body { return .requestCompositeData(bodyData: body, urlParameters: query) }
        return query.isEmpty ? .requestPlain : .requestParameters(parameters: query, encoding: URLEncoding.queryString)
    }
}

/// The three transports a hostile case runs through.
enum HostileTransport: String, CaseIterable, Sendable, CustomStringConvertible {
    case urlSession, native, routing

    var description: String { rawValue }

    /// A new transport of this kind with `maximumResponseSize` as its limit.
    func make(maximumResponseSize: Int64? = nil) -> any Transport {
        let urlSession = URLSessionTransport(options: .init(maximumResponseSize: maximumResponseSize))
        #if os(Linux)
            switch self {
            case .urlSession: return urlSession
            case .native: return HTTP1Transport(options: .init(maximumResponseSize: maximumResponseSize))
            case .routing:
                return RoutingTransport(nativeOptions: .init(maximumResponseSize: maximumResponseSize))
            }
        #else
            // Off Linux there is no native transport: every kind is URLSession.
            return self == .urlSession ? urlSession : RoutingTransport(urlSession: urlSession)
        #endif
    }
}

extension Provider where Target == HostileTarget {
    /// The body of the answer to `target`, as text.
    func text(_ target: HostileTarget) async throws -> String {
        String(decoding: try await request(target).data, as: UTF8.self)
    }
}

/// A hostile-server call that wants a bearer token, for the token plugins.
struct AuthorizedHostileTarget: TargetType, AccessTokenAuthorizable {
    let base: HostileTarget
    var baseURL: URL { base.baseURL }
    var path: String { base.path }
    var method: HTTPMethod { base.method }
    var task: RequestTask { base.task }
    var authorizationType: AuthorizationType? { .bearer }
}
