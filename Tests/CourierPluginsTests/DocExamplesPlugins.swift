import CourierPlugins
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The examples of CourierPlugins.docc's landing page (CourierPlugins.md) and of "Plugins"
// (Articles/Plugins.md), as written there, in a namespace per page. `AuthClient` stands for
// the app's own.

/// Uses values that an example only shows, so that they are not reported as unused.
private func keep(_ values: Any...) {}

enum PluginsLandingDoc {
    enum MallAPI: TargetType {
        case goods(page: Int)

        var baseURL: URL { URL(string: "https://mall.example.com")! }
        var path: String { "/mallProductsInfo/getProductList" }
        var method: HTTPMethod { .post }
        var task: RequestTask {
            switch self {
            case .goods(let page): .requestParameters(parameters: ["pageCurrent": page], encoding: URLEncoding.httpBody)
            }
        }
    }

    enum AuthClient {
        static func refresh(_ credential: AuthCredential) async throws -> AuthCredential { credential }
    }

    static func example() {
        let tokens = TokenStore(credential: AuthCredential(accessToken: "tok-1", refreshToken: "ref-1"))
        let provider = Provider<MallAPI>(
            plugins: [
                TokenRefreshPlugin(store: tokens, refresh: { old in try await AuthClient.refresh(old) }),
                RetryPolicy(),
                NetworkLoggerPlugin(),
                NetworkActivityPlugin(indicator: ActivityIndicator(gracePeriod: 0.3)),
                StatusMessagePlugin(messages: .simplifiedChinese) { message, _ in print(message.text) },
            ],
            envelope: JSONEnvelope(expiredCodes: ["916"], successFlagKey: "succeed"))
        keep(provider)
    }
}

enum PluginsDoc {
    // MARK: "The order of the hooks"

    /// Counts the attempts each call needed.
    struct AttemptCounter: PluginType {
        func didFinish(_ result: Result<Response, CourierError>, target: any TargetType) {
            guard let call = CallContext.current else { return }
            print("call \(call.id) ended after \(call.attempt) attempt(s),", ContinuousClock.now - call.startedAt)
        }
    }

    // MARK: "Write your own plugin"

    /// Sends the app version with every call, and retries a timed-out GET once.
    struct AppVersionPlugin: PluginType {
        let version: String

        func prepare(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
            var request = request
            request.setValue(version, forHTTPHeaderField: "X-App-Version")
            return request
        }

        func retry(_ request: URLRequest, target: any TargetType, dueTo error: CourierError, attempt: Int) async
            -> RetryDecision
        {
            error.isTimeout && request.httpMethod == "GET" && attempt == 1 ? .retryAfter(0.5) : .doNotRetry
        }
    }

    static let versioned = Provider<MallAPI>(plugins: [AppVersionPlugin(version: "3.2.0")])

    struct MissingIsEmptyPlugin: PluginType {
        func process(_ result: Result<Response, CourierError>, target: any TargetType) async
            -> Result<Response, CourierError>
        {
            guard case .failure(.statusCode(let response)) = result, response.statusCode == 404 else { return result }
            return .success(Response(statusCode: 200, data: Data("null".utf8), request: response.request))
        }
    }

    // MARK: The examples' target

    enum MallAPI: TargetType, AccessTokenAuthorizable, StatusMessageConfigurable {
        case login(user: String, password: String)
        case goods(page: Int)
        case refreshBadge

        var baseURL: URL { URL(string: "https://mall.example.com")! }
        var path: String {
            switch self {
            case .login: "/user/login"
            case .goods: "/mallProductsInfo/getProductList"
            case .refreshBadge: "/user/badge"
            }
        }
        var method: HTTPMethod { .post }
        var task: RequestTask {
            switch self {
            case .login(let user, let password):
                .requestParameters(parameters: ["user": user, "password": password], encoding: URLEncoding.httpBody)
            case .goods(let page):
                .requestParameters(parameters: ["pageCurrent": page, "pageSize": 10], encoding: URLEncoding.httpBody)
            case .refreshBadge:
                .requestPlain
            }
        }

        /// Logging in needs no token; everything else sends `Authorization: Bearer <token>`.
        var authorizationType: AuthorizationType? {
            switch self {
            case .login: nil
            default: .bearer
            }
        }

        /// The badge refreshes in the background: its failures are not the user's business.
        var showsStatusMessages: Bool {
            switch self {
            case .refreshBadge: false
            default: true
            }
        }
    }

    // MARK: "NetworkLoggerPlugin"

    /// Returns what the example builds, for the tests.
    static func logger() -> (logged: Provider<MallAPI>, quiet: NetworkLoggerPlugin, leveled: NetworkLoggerPlugin) {
        let logger = NetworkLoggerPlugin(
            configuration: .init(
                logOptions: [.formatRequestAscURL, .successResponseBody, .errorResponseBody],
                bodyLimit: 2048,
                masking: SecretMasking(maskedHeaders: ["X-Session-Id"])))
        let logged = Provider<MallAPI>(plugins: [logger])

        let verbose = ProcessInfo.processInfo.environment["COURIER_LOG"] == "1"
        let quiet = NetworkLoggerPlugin(
            configuration: .init(
                output: { target, lines in
                    for line in lines { print("[\(target.path)]", line) }
                },
                logOptions: .verbose,
                isEnabled: { _ in verbose }))

        let leveled = NetworkLoggerPlugin(
            configuration: .init(
                lazyOutput: { target, lines in
                    guard UserDefaults.standard.bool(forKey: "logNetwork") else { return }
                    for line in lines() { print("[\(target.path)]", line) }
                },
                logOptions: .verbose))
        return (logged, quiet, leveled)
    }

    // MARK: "AccessTokenPlugin"

    actor SessionStore {
        private var token: String?

        func update(_ token: String?) { self.token = token }

        func currentToken() throws -> String {
            guard let token else { throw CourierError.requestMapping("not logged in") }
            return token
        }
    }

    static let session = SessionStore()

    static func accessTokens() {
        let auth = AccessTokenPlugin { _ in UserDefaults.standard.string(forKey: "token") ?? "" }
        let storeAuth = AccessTokenPlugin(tokenSource: { _ in try await session.currentToken() })
        keep(auth, storeAuth)
    }

    // MARK: "NetworkActivityPlugin and ActivityIndicator"

    static func activity() {
        let activity = NetworkActivityPlugin { change, target in
            print(change == .began ? "→" : "←", target.path)
        }

        let hud = ActivityIndicator(gracePeriod: 0.3) { state in
            DispatchQueue.main.async { print(state == .busy ? "show spinner" : "hide spinner") }
        }
        let spinning = Provider<MallAPI>(plugins: [NetworkActivityPlugin(indicator: hud)])

        Task {
            for await state in hud.stateChanges { print("HUD is now", state) }
        }
        keep(activity, spinning)
    }

    // MARK: "StatusMessagePlugin"

    /// Returns what the example builds, for the tests.
    static func statusMessages() -> (messages: StatusMessages, friendly: Provider<MallAPI>) {
        var messages = StatusMessages()
        messages.serverError = "服务器出错了，请稍后重试~"
        messages.sessionExpired = nil  // the login screen says it better

        let status = StatusMessagePlugin(messages: messages) { message, target in
            print("toast:", message.text, "(\(message.kind) on \(target.path))")
        }
        let friendly = Provider<MallAPI>(plugins: [AccessTokenPlugin { _ in "token" }, status])
        return (messages, friendly)
    }

    // MARK: "All together"

    /// Returns what the example builds, for the tests.
    static func allTogether() -> Provider<MallAPI> {
        let hudIndicator = ActivityIndicator(gracePeriod: 0.3)
        let app = Provider<MallAPI>(plugins: [
            // prepare: adds the token
            AccessTokenPlugin(tokenSource: { _ in try await session.currentToken() }),
            // willSend and didReceive: the log (token masked) and the spinner
            NetworkLoggerPlugin(),
            NetworkActivityPlugin(indicator: hudIndicator),
            // didFinish: one message per failed call, after retries
            StatusMessagePlugin(messages: .simplifiedChinese) { message, _ in print(message.text) },
        ])
        return app
    }
}
