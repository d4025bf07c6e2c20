import CourierMoyaCompat
import Foundation
import Testing

/// Fixtures/GitHubAPI.moya with `import CourierMoyaCompat` and the guide's Swift 6 steps
/// (GitHubAPI+Compat.swift): it compiles and behaves as under Moya.
@Suite struct CompatPortTests {
    private func provider(status: Int = 200, body: String = "[]") -> (MoyaProvider<GitHubAPI>, RecordingTransport) {
        let transport = RecordingTransport(status: status, body: body)
        let provider = MoyaProvider<GitHubAPI>(
            endpointClosure: gitHubEndpointClosure, requestClosure: gitHubRequestClosure, session: transport,
            plugins: [AccessTokenPlugin { _ in Keychain.token() }, ClientVersionPlugin()])
        return (provider, transport)
    }

    @Test func theRequestsAreMoyas() async throws {
        let (provider, transport) = provider()
        _ = try await provider.request(.repos(owner: "octocat", page: 1, perPage: nil))
        _ = try await provider.request(.markRead(ids: [5]))
        let requests = transport.requests
        try #require(requests.count == 2)
        #expect(requests[0].url?.absoluteString == "https://api.github.example/users/octocat/repos?page=1&sort=updated")
        #expect(requests[0].value(forHTTPHeaderField: "Authorization") == "Bearer ghp_fixture")
        #expect(requests[0].value(forHTTPHeaderField: "X-Client-Version") == "4.2.0")
        #expect(requests[0].timeoutInterval == 20)
        let body = try #require(requests[1].httpBody)
        let json = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        #expect(json["ids"] as? [Int] == [5] && json["read"] as? Bool == true)
    }

    @Test func a401IsAResponseByDefault() async {
        let (provider, _) = provider(status: 401)
        let result = await withCheckedContinuation { continuation in
            provider.request(.zen) { continuation.resume(returning: $0) }
        }
        #expect(loginState(after: result) == .needsLogin)
        #expect((try? result.get())?.statusCode == 401)
    }

    @Test func aPluginsProcessStillTurnsA503IntoStatusCode() async {
        let (provider, _) = provider(status: 503)
        let result = await withCheckedContinuation { continuation in
            provider.request(.zen) { continuation.resume(returning: $0) }
        }
        guard case .failure(.statusCode(let response)) = result else {
            Issue.record("expected .statusCode, got \(result)")
            return
        }
        #expect(response.statusCode == 503)
    }

    @Test(.timeLimit(.minutes(1)))
    func aNonisolatedCompletionRunsOnTheMainQueueAsInMoya() async {
        // `Thread.isMainThread` is false on Linux for the main queue under an async `main`; the
        // queue's own marker says where the completion ran.
        let key = DispatchSpecificKey<String>()
        DispatchQueue.main.setSpecific(key: key, value: "main")
        defer { DispatchQueue.main.setSpecific(key: key, value: nil) }
        let (provider, _) = provider()
        let queue = await withCheckedContinuation { continuation in
            provider.request(.zen) { _ in continuation.resume(returning: DispatchQueue.getSpecific(key: key)) }
        }
        #expect(queue == "main")
    }

    @Test(.timeLimit(.minutes(1)))
    @MainActor func aViewControllersCompletionRunsOnTheMainActor() async {
        let controller = ReposViewController(provider: makeGitHubProvider(stubClosure: MoyaProvider.immediatelyStub))
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            controller.loadRepos { done.resume() }
        }
        #expect(controller.repos.map(\.name) == ["courier", "moya"])
    }

    @Test func moyasDownloadDestinationWithOptionsPorts() throws {
        guard case .downloadDestination(let destination) = GitHubAPI.exportArchive(repo: "c").task else {
            throw CompatTestFailure(description: "not a download")
        }
        let url = try #require(URL(string: "https://api.github.example/repos/c/tarball"))
        let response = try #require(HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: [:]))
        let saved = destination(FileManager.default.temporaryDirectory, response)
        #expect(saved.deletingLastPathComponent().path == FileManager.default.temporaryDirectory.path)
    }

    @Test func aRequestClosureThatCallsDoneTwiceOrFailsIsHandled() async throws {
        let twice: MoyaProvider<GitHubAPI>.RequestClosure = { endpoint, done in
            done(Result { () throws(CourierError) in try endpoint.urlRequest() })
            done(.failure(.requestMapping("second call")))
        }
        let transport = RecordingTransport()
        _ = try await MoyaProvider<GitHubAPI>(requestClosure: twice, session: transport).request(.zen)
        #expect(transport.requests.count == 1)

        let failing: MoyaProvider<GitHubAPI>.RequestClosure = { _, done in done(.failure(.requestMapping("no"))) }
        let error = await #expect(throws: CourierError.self) {
            try await MoyaProvider<GitHubAPI>(requestClosure: failing, session: RecordingTransport()).request(.zen)
        }
        guard case .requestMapping("no") = error else {
            throw CompatTestFailure(description: "\(String(describing: error))")
        }
    }

    @Test func moyasNamesCompile() {
        let method: Moya.Method = .post
        let task: Moya.Task = .requestPlain
        let error: MoyaError = .requestMapping("x")
        let part = MultipartFormData(provider: .data(Data()), name: "f")
        let parameters: Parameters = ["a": 1]
        let legacy = MoyaProvider<GitHubAPI>(manager: MoyaProvider<GitHubAPI>.defaultAlamofireSession())
        #expect(method == HTTPMethod.post && !task.isUpload && error.response == nil && part.name == "f")
        #expect(parameters.count == 1 && legacy.plugins.isEmpty)
    }

    @Test func moyasDownloadDestinationTypeShadowsCouriers() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("report.pdf")
        let destination: DownloadDestination = { _, _ in (file, [.removePreviousFile, .createIntermediateDirectories]) }
        guard case .downloadDestination(let courierDestination) = RequestTask.downloadDestination(destination) else {
            throw CompatTestFailure(description: "not a download")
        }
        let response = try #require(HTTPURLResponse(url: file, statusCode: 200, httpVersion: nil, headerFields: [:]))
        #expect(courierDestination(FileManager.default.temporaryDirectory, response) == file)
    }
}
