import CourierPlugins
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Records the final request of each call, for the checks.
private final class SentRequests: PluginType {
    private let requests = LockedState<[URLRequest]>([])

    var all: [URLRequest] { requests.withLock { $0 } }

    func willSend(_ request: URLRequest, target: any TargetType) {
        requests.withLock { $0.append(request) }
    }
}

@Suite("Docs: Plugins")
struct PluginsDocTests {
    @Test("AppVersionPlugin sends the version, also on stubbed calls, and retries a timed-out GET once")
    func appVersion() async throws {
        #expect(PluginsDoc.versioned.plugins.count == 1)

        let sent = SentRequests()
        let stubbed = Provider<PluginsDoc.MallAPI>(
            stubClosure: Provider.immediatelyStub, plugins: [PluginsDoc.AppVersionPlugin(version: "3.2.0"), sent])
        _ = try await stubbed.request(.goods(page: 1))
        #expect(sent.all.first?.value(forHTTPHeaderField: "X-App-Version") == "3.2.0")

        var get = URLRequest(url: URL(string: "https://mall.example.com")!)
        get.httpMethod = "GET"
        let plugin = PluginsDoc.AppVersionPlugin(version: "3.2.0")
        let timeout = CourierError.underlying(URLError(.timedOut), nil)
        let badge = PluginsDoc.MallAPI.refreshBadge
        #expect(await plugin.retry(get, target: badge, dueTo: timeout, attempt: 1) == .retryAfter(0.5))
        #expect(await plugin.retry(get, target: badge, dueTo: timeout, attempt: 2) == .doNotRetry)
    }

    @Test("MissingIsEmptyPlugin turns a 404 into a success that decodes as nil")
    func missingIsEmpty() async throws {
        struct Product: Decodable {
            let id: Int
        }
        struct ProductLookup: TargetType {
            var baseURL: URL { URL(string: "https://mall.example.com")! }
            var path: String { "/products/9" }
            var method: HTTPMethod { .get }
            var task: RequestTask { .requestPlain }
            var validationType: ValidationType { .successCodes }
        }
        let provider = Provider<ProductLookup>(
            transport: ScriptedTransport(status: 404), plugins: [PluginsDoc.MissingIsEmptyPlugin()])
        let response = try await provider.request(ProductLookup())
        #expect(response.statusCode == 200)
        #expect(try response.map(Product?.self) == nil)
    }

    @Test("the loggers: the configured body limit, and a logger switched off by COURIER_LOG")
    func loggers() throws {
        let (logged, quiet, _) = PluginsDoc.logger()
        #expect(logged.plugins.count == 1)
        let logger = try #require(logged.plugins.first as? NetworkLoggerPlugin)
        #expect(logger.configuration.bodyLimit == 2048)

        let verbose = ProcessInfo.processInfo.environment["COURIER_LOG"] == "1"
        #expect(quiet.configuration.isEnabled(PluginsDoc.MallAPI.refreshBadge) == verbose)
    }

    @Test("AccessTokenPlugin: a throwing token source ends the call unsent; login needs no token")
    func accessTokens() async throws {
        let session = PluginsDoc.SessionStore()
        let storeAuth = AccessTokenPlugin(tokenSource: { _ in try await session.currentToken() })
        let sent = SentRequests()
        let provider = Provider<PluginsDoc.MallAPI>(stubClosure: Provider.immediatelyStub, plugins: [storeAuth, sent])

        await #expect(throws: CourierError.self) { try await provider.request(.goods(page: 1)) }
        _ = try await provider.request(.login(user: "ann", password: "secret"))
        await session.update("tok-docs")
        _ = try await provider.request(.goods(page: 1))
        #expect(sent.all.map { $0.value(forHTTPHeaderField: "Authorization") } == [nil, "Bearer tok-docs"])
    }

    @Test("ActivityIndicator: the grace period, and a watching task that ends when cancelled")
    func activity() async {
        let hud = ActivityIndicator(gracePeriod: 0.3)
        let spinning = Provider<PluginsDoc.MallAPI>(plugins: [NetworkActivityPlugin(indicator: hud)])
        let watcher = Task {
            for await _ in hud.stateChanges {}
        }
        watcher.cancel()
        await watcher.value
        #expect(spinning.plugins.count == 1)
        #expect(hud.gracePeriod == 0.3)
    }

    @Test("StatusMessages: a replaced sentence, and none for a kind set to nil")
    func statusMessages() {
        let (messages, friendly) = PluginsDoc.statusMessages()
        #expect(friendly.plugins.count == 2)

        let response = Response(statusCode: 502, data: Data())
        #expect(messages.message(for: .statusCode(response))?.text == "服务器出错了，请稍后重试~")
        #expect(messages.message(for: .sessionExpired(response)) == nil)
    }

    @Test("all together: the four plugins in their order")
    func allTogether() {
        let app = PluginsDoc.allTogether()
        #expect(app.plugins.count == 4)
        #expect(app.plugins.first is AccessTokenPlugin)
        #expect(app.plugins.last is StatusMessagePlugin)
    }
}
