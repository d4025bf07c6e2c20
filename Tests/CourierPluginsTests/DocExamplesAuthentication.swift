import CourierPlugins
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The examples of CourierPlugins.docc's "Authentication and retries"
// (Articles/AuthenticationAndRetries.md), as written there. `showLoginScreen` stands for the
// app's own.

/// Uses values that an example only shows, so that they are not reported as unused.
private func keep(_ values: Any...) {}

enum AuthenticationDoc {
    enum AccountAPI: TargetType, AccessTokenAuthorizable {
        case me
        case orders(page: Int)

        var baseURL: URL { URL(string: "https://api.example.com")! }
        var path: String {
            switch self {
            case .me: "/account/me"
            case .orders: "/account/orders"
            }
        }
        var method: HTTPMethod { .get }
        var task: RequestTask {
            switch self {
            case .me: .requestPlain
            case .orders(let page): .requestParameters(parameters: ["page": page], encoding: URLEncoding.queryString)
            }
        }
        var validationType: ValidationType { .successCodes }
        var authorizationType: AuthorizationType? { .bearer }
    }

    struct TokenPair: Decodable, Sendable {
        let accessToken: String
        let refreshToken: String
        let expiresIn: TimeInterval
    }

    enum AuthAPI: TargetType {
        case login(user: String, password: String)
        case refresh(token: String)

        var baseURL: URL { URL(string: "https://api.example.com")! }
        var path: String {
            switch self {
            case .login: "/auth/login"
            case .refresh: "/auth/refresh"
            }
        }
        var method: HTTPMethod { .post }
        var task: RequestTask {
            switch self {
            case .login(let user, let password):
                .requestParameters(parameters: ["user": user, "password": password], encoding: JSONEncoding.default)
            case .refresh(let token):
                .requestParameters(parameters: ["refreshToken": token], encoding: JSONEncoding.default)
            }
        }
        var validationType: ValidationType { .successCodes }
    }

    @MainActor static func showLoginScreen() {}

    // MARK: "Refresh tokens with TokenRefreshPlugin"

    static let tokens = TokenStore()
    static let auth = Provider<AuthAPI>(envelope: JSONEnvelope())

    static func credential(from pair: TokenPair) -> AuthCredential {
        AuthCredential(
            accessToken: pair.accessToken, refreshToken: pair.refreshToken,
            expiresAt: Date().addingTimeInterval(pair.expiresIn))
    }

    static let refreshing = TokenRefreshPlugin(
        store: tokens,
        proactiveRefreshLeeway: 60,
        refresh: { expired in
            guard let refreshToken = expired.refreshToken else { throw CourierError.requestMapping("no refresh token") }
            return credential(from: try await auth.request(.refresh(token: refreshToken), as: TokenPair.self))
        },
        onSessionExpired: { Task { @MainActor in showLoginScreen() } })

    static let account = Provider<AccountAPI>(plugins: [refreshing], envelope: JSONEnvelope())

    static func loginAndLogout() async throws {
        // At login and at logout:
        let pair = try await auth.request(.login(user: "ann", password: "secret"), as: TokenPair.self)
        await tokens.update(credential(from: pair))
        let me = try await account.request(.me)
        await tokens.update(nil)
        keep(me)
    }

    // MARK: "No refresh endpoint: SessionExpiryPlugin"

    static func sessionExpiry() {
        let session = SessionExpiryPlugin { Task { @MainActor in showLoginScreen() } }
        let shop = Provider<AccountAPI>(
            plugins: [AccessTokenPlugin { _ in "token" }, session], envelope: JSONEnvelope())

        // After the user logged in again:
        session.sessionDidStart()
        keep(shop)
    }

    // MARK: "Retry what often passes, with RetryPolicy"

    enum PaymentAPI: TargetType, RetryableTarget {
        case pay(orderId: Int, idempotencyKey: String)

        var baseURL: URL { URL(string: "https://pay.example.com")! }
        var path: String { "/payments" }
        var method: HTTPMethod { .post }
        var task: RequestTask {
            switch self {
            case .pay(let orderId, let key):
                .requestParameters(
                    parameters: ["orderId": orderId, "idempotencyKey": key], encoding: JSONEncoding.default)
            }
        }
        var validationType: ValidationType { .successCodes }
        var allowsRetry: Bool { true }
    }

    static let payments = Provider<PaymentAPI>(plugins: [RetryPolicy(retryLimit: 3, jitter: false)])

    // MARK: "Both together, and the limits around them"

    static func bothTogether() {
        var options = ProviderOptions()
        options.maximumAttempts = 4  // a refresh and two retries
        options.timeout = 20  // the whole exchange, for targets without their own
        options.sessionExpiredStatusCodes = [401, 403]

        let resilient = Provider<AccountAPI>(
            plugins: [refreshing, RetryPolicy()],
            envelope: JSONEnvelope(expiredCodes: ["916"]),
            options: options)
        keep(resilient)
    }
}

extension AuthenticationDoc.AccountAPI: TimeoutConfigurable {
    var timeout: TimeInterval? {
        switch self {
        case .me: 5
        case .orders: nil  // ProviderOptions.timeout
        }
    }
}

@Suite("Docs: Authentication and retries")
struct AuthenticationDocTests {
    @Test("RetryPolicy's default backoff is 0.5 s, then 1 s")
    func defaultBackoff() {
        let policy = RetryPolicy(jitter: false)
        #expect(policy.backoff(forRetry: 1) == 0.5)
        #expect(policy.backoff(forRetry: 2) == 1)
        #expect(policy.retryLimit == 2)
    }

    @Test("a POST that adopts RetryableTarget is retried after a 503")
    func retryableTarget() async {
        let policy = RetryPolicy(retryLimit: 3, jitter: false)
        var request = URLRequest(url: URL(string: "https://pay.example.com/payments")!)
        request.httpMethod = "POST"
        let unavailable = CourierError.statusCode(Response(statusCode: 503, data: Data()))
        let target = AuthenticationDoc.PaymentAPI.pay(orderId: 1, idempotencyKey: "k")
        #expect(await policy.retry(request, target: target, dueTo: unavailable, attempt: 1) == .retryAfter(0.5))
    }
}
