import CourierPlugins
import Foundation
import Testing

/// The Moya layer of Tests/CourierMoyaCompatTests/Fixtures/GitHubAPI.moya ported to plain
/// Courier by the migration guide's steps (GitHubAPI+Courier.swift): it compiles and behaves as
/// it did under Moya.
@Suite struct MoyaPortTests {
    private func provider(status: Int = 200, body: String = "[]") -> (Provider<GitHubAPI>, ScriptedTransport) {
        let transport = ScriptedTransport(status: status, body: Data(body.utf8))
        let provider = Provider<GitHubAPI>(
            endpointClosure: gitHubEndpointClosure, requestClosure: gitHubRequestClosure, transport: transport,
            plugins: [AccessTokenPlugin { _ in Keychain.token() }, ClientVersionPlugin()], options: .moyaCompatible)
        return (provider, transport)
    }

    @Test func theRequestsAreMoyasAfterTheRenames() async throws {
        let (provider, transport) = provider()
        _ = try await provider.request(.repos(owner: "octocat", page: 1, perPage: 2))
        _ = try await provider.request(.markRead(ids: [3, 4]))
        _ = try await provider.request(.search(query: "swift", filters: ["stars": ">10", "fork": false]))

        let requests = transport.requests
        try #require(requests.count == 3)
        let repos = requests[0]
        #expect(
            repos.url?.absoluteString == "https://api.github.example/users/octocat/repos?page=1&per_page=2&sort=updated"
        )
        #expect(repos.value(forHTTPHeaderField: "X-Client") == "fixture-app")
        #expect(repos.value(forHTTPHeaderField: "X-Client-Version") == "4.2.0")
        #expect(repos.value(forHTTPHeaderField: "Authorization") == "Bearer ghp_fixture")
        #expect(repos.timeoutInterval == 20)  // the (endpoint, done) request closure ran
        let body = try #require(requests[1].httpBody)
        let json = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        #expect(json["ids"] as? [Int] == [3, 4])  // `as AnyObject` values, converted
        #expect(json["read"] as? Bool == true)
        #expect(requests[2].url?.query == "fork=0&q=swift&stars=%3E10")
        #expect(requests[2].value(forHTTPHeaderField: "Authorization") == "Bearer ghp_fixture")
    }

    @Test func a401IsAResponseAsInMoya() async throws {
        let (provider, _) = provider(status: 401, body: #"{"message":"Bad credentials"}"#)
        let response = try await provider.request(.zen)
        #expect(response.statusCode == 401)
        #expect(loginState(after: .success(response)) == .needsLogin)
    }

    @Test func a401RejectedByValidationIsStatusCodeAsInMoya() async throws {
        let provider = Provider<ValidatedTarget>(transport: ScriptedTransport(status: 401), options: .moyaCompatible)
        let result = await withCheckedContinuation { continuation in
            provider.request(ValidatedTarget()) { continuation.resume(returning: $0) }
        }
        guard case .failure(.statusCode(let response)) = result else {
            throw MarkerError(name: "not .statusCode: \(result)")
        }
        #expect(loginState(after: result) == .needsLogin)
        #expect(response.statusCode == 401)
    }

    @Test func a401IsSessionExpiredWithCouriersDefaultOptions() async throws {
        let provider = Provider<ValidatedTarget>(transport: ScriptedTransport(status: 401))
        let result = await withCheckedContinuation { continuation in
            provider.request(ValidatedTarget()) { continuation.resume(returning: $0) }
        }
        guard case .failure(.sessionExpired) = result else { throw MarkerError(name: "not .sessionExpired: \(result)") }
    }

    @Test func theDownloadDestinationNamesTheSuggestedFile() throws {
        guard case .downloadDestination(let destination) = GitHubAPI.exportArchive(repo: "courier").task else {
            throw MarkerError(name: "not a download")
        }
        let url = try #require(URL(string: "https://api.github.example/repos/courier/tarball"))
        let response = HTTPURLResponse.make(url: url, status: 200)
        let saved = destination(FileManager.default.temporaryDirectory, response)
        #expect(saved.deletingLastPathComponent().path == FileManager.default.temporaryDirectory.path)
    }

    @Test(.timeLimit(.minutes(1)))
    @MainActor func aViewControllersCompletionRunsOnTheMainActor() async {
        let controller = ReposViewController(provider: makeGitHubProvider(stubClosure: Provider.immediatelyStub))
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            controller.loadRepos { done.resume() }
        }
        #expect(controller.repos.map(\.name) == ["courier", "moya"])
        #expect(controller.state == .loggedIn)
    }
}

/// A target that rejects every status but 2xx.
private struct ValidatedTarget: TargetType {
    var baseURL: URL { URL(string: "https://api.example.com")! }
    var path: String { "/me" }
    var method: HTTPMethod { .get }
    var task: RequestTask { .requestPlain }
    var validationType: ValidationType { .successCodes }
}
