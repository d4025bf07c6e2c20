import Courier
import CourierPlugins
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An in-memory backend that accepts only its current token, for the token-refresh tests.
final class AuthServerTransport: Transport {
    private struct State {
        var currentToken: String
        var seenTokens: [String?] = []
    }

    private let state: LockedState<State>

    init(currentToken: String) {
        state = LockedState(State(currentToken: currentToken))
    }

    /// Tokens of every request received, in order (`nil` for none).
    var seenTokens: [String?] { state.withLock { $0.seenTokens } }

    func rotate(to token: String) {
        state.withLock { $0.currentToken = token }
    }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        let header = request.urlRequest.value(forHTTPHeaderField: "Authorization")
        let token = header.map { String($0.dropFirst("Bearer ".count)) }
        let accepted = state.withLock { state -> Bool in
            state.seenTokens.append(token)
            return token == state.currentToken
        }
        let url = request.urlRequest.url ?? URL(fileURLWithPath: "/")
        let status = accepted ? 200 : 401
        guard let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: [:])
        else { throw URLError(.badServerResponse) }
        return TransportResponse(response: response, data: accepted ? Data(#"{"user":"courier"}"#.utf8) : Data())
    }
}

/// A refresh endpoint that counts its calls and rotates the backend's token.
final class RefreshCounter: Sendable {
    private let count = LockedState(0)
    let server: AuthServerTransport
    let fails: Bool

    init(server: AuthServerTransport, fails: Bool = false) {
        self.server = server
        self.fails = fails
    }

    var refreshes: Int { count.withLock { $0 } }

    func refresh(_ old: AuthCredential) async throws -> AuthCredential {
        let number = count.withLock { value -> Int in
            value += 1
            return value
        }
        // Let every concurrent caller reach the store while this refresh is still running.
        for _ in 0..<50 { await Task.yield() }
        if fails { throw URLError(.userAuthenticationRequired) }
        let token = "tok-new-\(number)"
        server.rotate(to: token)
        return AuthCredential(accessToken: token, refreshToken: "ref-\(number)")
    }
}

enum AccountAPI: TargetType, AccessTokenAuthorizable {
    case me
    case publicNews

    var baseURL: URL { URL(fileURLWithPath: "/").appendingPathComponent("account") }
    var path: String { self == .me ? "/me" : "/news" }
    var method: HTTPMethod { .get }
    var task: RequestTask { .requestPlain }
    var authorizationType: AuthorizationType? { self == .me ? .bearer : nil }
}

/// Counts calls of a closure, safely across tasks.
final class CallCounter: Sendable {
    private let value = LockedState(0)
    var count: Int { value.withLock { $0 } }
    func increment() { value.withLock { $0 += 1 } }
}

/// A transport answering from a closure.
struct ClosureTransport: Transport {
    let answer: @Sendable (URLRequest) throws -> (Int, Data)

    init(_ answer: @escaping @Sendable (URLRequest) throws -> (Int, Data)) {
        self.answer = answer
    }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        let (status, body) = try answer(request.urlRequest)
        let url = request.urlRequest.url ?? URL(fileURLWithPath: "/")
        guard let http = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: [:])
        else { throw URLError(.badServerResponse) }
        return TransportResponse(response: http, data: body)
    }
}
