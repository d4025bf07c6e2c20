import CourierPlugins
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The built-in plugins against httpbin (and the scenario server for business messages):
/// tokens as servers see them, the logger on real traffic, activity balance and status messages.
@Suite("Plugins (httpbin)", .requiresHttpbin)
struct PluginsLiveTests {
    // MARK: - AccessTokenPlugin

    @Test(
        "bearer, basic and custom tokens reach /headers as set",
        arguments: [
            (AuthorizationType.bearer, "Bearer tok-live-123"), (.basic, "Basic tok-live-123"),
            (.custom("Token"), "Token tok-live-123"),
        ])
    func tokensSeenByHttpbin(type: AuthorizationType, expected: String) async throws {
        let provider = Provider<PluginBinTarget>(
            transport: TestTransport.make(), plugins: [AccessTokenPlugin { _ in "tok-live-123" }])
        var target = try PluginBinTarget.httpbin("/headers")
        target.authorizationType = type
        target.headers = ["authorization": "Bearer stale"]
        let echo = try await provider.request(target, as: HeadersEcho.self)
        #expect(echo.headers["Authorization"] == expected)
    }

    @Test("a target that opts out sends no Authorization header")
    func optedOutTarget() async throws {
        let provider = Provider<PluginBinTarget>(
            transport: TestTransport.make(), plugins: [AccessTokenPlugin { _ in "tok-live-123" }])
        let echo = try await provider.request(try PluginBinTarget.httpbin("/headers"), as: HeadersEcho.self)
        #expect(echo.headers["Authorization"] == nil)
    }

    @Test("/bearer accepts the bearer token, and refuses a target that opts out")
    func bearerEndpoint() async throws {
        let provider = Provider<PluginBinTarget>(
            transport: TestTransport.make(), plugins: [AccessTokenPlugin { _ in "tok-live-123" }])
        var target = try PluginBinTarget.httpbin("/bearer")
        target.authorizationType = .bearer
        let answer = try await provider.request(target, as: BearerAnswer.self)
        #expect(answer == BearerAnswer(authenticated: true, token: "tok-live-123"))

        target.authorizationType = nil
        await #expect(throws: CourierError.self) { try await provider.request(target) }
    }

    @Test("/basic-auth/user/pass accepts Basic credentials and refuses wrong ones")
    func basicAuthEndpoint() async throws {
        var target = try PluginBinTarget.httpbin("/basic-auth/user/pass")
        target.authorizationType = .basic
        let right = Provider<PluginBinTarget>(
            transport: TestTransport.make(),
            plugins: [
                AccessTokenPlugin { _ in AccessTokenPlugin.basicToken(user: "user", password: "pass") }
            ])
        #expect(try await right.request(target).statusCode == 200)

        let wrong = Provider<PluginBinTarget>(
            transport: TestTransport.make(),
            plugins: [
                AccessTokenPlugin { _ in AccessTokenPlugin.basicToken(user: "user", password: "nope") }
            ])
        do {
            _ = try await wrong.request(target)
            Issue.record("wrong credentials were accepted")
        } catch CourierError.sessionExpired(let response) {
            #expect(response.statusCode == 401)
        }
    }
}
