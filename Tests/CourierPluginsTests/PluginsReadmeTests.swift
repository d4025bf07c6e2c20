import CourierPlugins
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// Every example of the Plugins article (Sources/Plugins/CourierPlugins.docc/Articles/Plugins.md), as written there, so that each one compiles;
// the tests then check that each does what the text says.

// MARK: - Write your own plugin

/// Sends the app version with every call, and retries a timed-out GET once.
private struct AppVersionPlugin: PluginType {
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

// MARK: - The target of the examples

private enum MallAPI: TargetType, AccessTokenAuthorizable, StatusMessageConfigurable {
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

// MARK: - AccessTokenPlugin

private actor SessionStore {
    private var token: String?

    func update(_ token: String?) { self.token = token }

    func currentToken() throws -> String {
        guard let token else { throw CourierError.requestMapping("not logged in") }
        return token
    }
}

/// Records the final request of each call, for the checks.
private final class SentRequests: PluginType {
    private let requests = LockedState<[URLRequest]>([])

    var all: [URLRequest] { requests.withLock { $0 } }

    func willSend(_ request: URLRequest, target: any TargetType) {
        requests.withLock { $0.append(request) }
    }
}

@Suite("README: plugins")
struct PluginsReadmeTests {
    @Test("write your own plugin")
    func ownPlugin() async throws {
        let versioned = Provider<MallAPI>(plugins: [AppVersionPlugin(version: "3.2.0")])
        #expect(versioned.plugins.count == 1)

        let sent = SentRequests()
        let stubbed = Provider<MallAPI>(
            stubClosure: Provider.immediatelyStub, plugins: [AppVersionPlugin(version: "3.2.0"), sent])
        _ = try await stubbed.request(.goods(page: 1))
        #expect(sent.all.first?.value(forHTTPHeaderField: "X-App-Version") == "3.2.0")

        var get = URLRequest(url: URL(string: "https://mall.example.com")!)
        get.httpMethod = "GET"
        let plugin = AppVersionPlugin(version: "3.2.0")
        let timeout = CourierError.underlying(URLError(.timedOut), nil)
        #expect(await plugin.retry(get, target: MallAPI.refreshBadge, dueTo: timeout, attempt: 1) == .retryAfter(0.5))
        #expect(await plugin.retry(get, target: MallAPI.refreshBadge, dueTo: timeout, attempt: 2) == .doNotRetry)
    }

    @Test("NetworkLoggerPlugin")
    func logger() async throws {
        let logger = NetworkLoggerPlugin(
            configuration: .init(
                logOptions: [.formatRequestAscURL, .successResponseBody, .errorResponseBody],
                bodyLimit: 2048,
                maskedHeaders: ["X-Session-Id"],
                maskedQueryItems: ["key"]))
        let logged = Provider<MallAPI>(plugins: [logger])
        #expect(logger.configuration.bodyLimit == 2048 && logged.plugins.count == 1)

        let verbose = ProcessInfo.processInfo.environment["COURIER_LOG"] == "1"
        let quiet = NetworkLoggerPlugin(
            configuration: .init(
                output: { target, lines in
                    for line in lines { print("[\(target.path)]", line) }
                },
                logOptions: .verbose,
                isEnabled: { _ in verbose }))
        #expect(quiet.configuration.isEnabled(MallAPI.refreshBadge) == verbose)
    }

    @Test("AccessTokenPlugin")
    func accessToken() async throws {
        let auth = AccessTokenPlugin { _ in UserDefaults.standard.string(forKey: "token") ?? "" }
        _ = auth

        let session = SessionStore()
        let storeAuth = AccessTokenPlugin(tokenSource: { _ in try await session.currentToken() })

        let sent = SentRequests()
        let provider = Provider<MallAPI>(stubClosure: Provider.immediatelyStub, plugins: [storeAuth, sent])
        await #expect(throws: CourierError.self) { try await provider.request(.goods(page: 1)) }
        _ = try await provider.request(.login(user: "ann", password: "secret"))
        await session.update("tok-readme")
        _ = try await provider.request(.goods(page: 1))
        #expect(sent.all.map { $0.value(forHTTPHeaderField: "Authorization") } == [nil, "Bearer tok-readme"])
    }

    @Test("NetworkActivityPlugin and ActivityIndicator")
    func activity() async throws {
        let activity = NetworkActivityPlugin { change, target in
            print(change == .began ? "→" : "←", target.path)
        }
        _ = activity

        let hud = ActivityIndicator(gracePeriod: 0.3) { state in
            DispatchQueue.main.async { print(state == .busy ? "show spinner" : "hide spinner") }
        }
        let spinning = Provider<MallAPI>(plugins: [NetworkActivityPlugin(indicator: hud)])

        let watcher = Task {
            for await state in hud.stateChanges { print("HUD is now", state) }
        }
        watcher.cancel()
        await watcher.value
        #expect(spinning.plugins.count == 1 && hud.gracePeriod == 0.3)
    }

    @Test("StatusMessagePlugin")
    func statusMessages() async throws {
        var messages = StatusMessages()
        messages.serverError = "服务器出错了，请稍后重试~"
        messages.sessionExpired = nil  // the login screen says it better

        let status = StatusMessagePlugin(messages: messages) { message, target in
            print("toast:", message.text, "(\(message.kind) on \(target.path))")
        }
        let friendly = Provider<MallAPI>(plugins: [AccessTokenPlugin { _ in "token" }, status])
        #expect(friendly.plugins.count == 2)

        let response = Response(statusCode: 502, data: Data())
        #expect(messages.message(for: .statusCode(response))?.text == "服务器出错了，请稍后重试~")
        #expect(messages.message(for: .sessionExpired(response)) == nil)
    }

    @Test("all together")
    func allTogether() async throws {
        let session = SessionStore()
        let hudIndicator = ActivityIndicator(gracePeriod: 0.3)
        let app = Provider<MallAPI>(plugins: [
            // prepare: adds the token
            AccessTokenPlugin(tokenSource: { _ in try await session.currentToken() }),
            // willSend and didReceive: the log (token masked) and the spinner
            NetworkLoggerPlugin(),
            NetworkActivityPlugin(indicator: hudIndicator),
            // process, last: sees what the plugins before it made of the result
            StatusMessagePlugin(messages: .simplifiedChinese) { message, _ in print(message.text) },
        ])
        #expect(app.plugins.count == 4)
    }
}
