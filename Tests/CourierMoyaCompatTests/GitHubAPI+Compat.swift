import CourierMoyaCompat
import Foundation

// A Moya 15 API layer as an app wrote it, the way the apps of issue 26 did: a target enum with
// `[String: Any]` parameters, an endpoint closure, a request closure, a custom plugin, a 401
// handler and completion handlers in a view controller. Fixtures/GitHubAPI.moya is the Moya
// original; GitHubAPI+Compat.swift and Tests/CourierPluginsTests/MoyaPort/GitHubAPI+Courier.swift are
// its ports by the migration guide's steps, and MigrationMeasureTests counts the lines they changed.

struct Repo: Decodable {
    let id: Int
    let name: String
}

struct NewIssue: Encodable {
    let title: String
    let labels: [String]
}

enum Keychain {
    static func token() -> String { "ghp_fixture" }
}

enum GitHubAPI {
    case zen
    case userProfile(String)
    case repos(owner: String, page: Int, perPage: Int?)
    case search(query: String, filters: [String: any Sendable])
    case createIssue(owner: String, repo: String, issue: NewIssue)
    case markRead(ids: [Int])
    case uploadAvatar(Data)
    case exportArchive(repo: String)
}

extension GitHubAPI: TargetType, AccessTokenAuthorizable {
    var baseURL: URL { URL(string: "https://api.github.example")! }

    var path: String {
        switch self {
        case .zen: return "/zen"
        case .userProfile(let name): return "/users/\(name)"
        case .repos(let owner, _, _): return "/users/\(owner)/repos"
        case .search: return "/search/repositories"
        case .createIssue(let owner, let repo, _): return "/repos/\(owner)/\(repo)/issues"
        case .markRead: return "/notifications"
        case .uploadAvatar: return "/user/avatar"
        case .exportArchive(let repo): return "/repos/\(repo)/tarball"
        }
    }

    var method: Moya.Method {
        switch self {
        case .createIssue, .uploadAvatar: return .post
        case .markRead: return .put
        default: return .get
        }
    }

    var task: RequestTask {
        switch self {
        case .zen, .userProfile:
            return .requestPlain
        case .repos(_, let page, let perPage):
            var parameters: [String: Any] = ["page": page, "sort": "updated"]
            if let perPage = perPage { parameters["per_page"] = perPage }
            return .requestParameters(parameters: parameters, encoding: URLEncoding.default)
        case .search(let query, let filters):
            var parameters = filters
            parameters["q"] = query
            return .requestParameters(parameters: parameters, encoding: URLEncoding.queryString)
        case .createIssue(_, _, let issue):
            return .requestJSONEncodable(issue)
        case .markRead(let ids):
            let parameters = ["ids": ids as AnyObject, "read": true as AnyObject]
            return .requestParameters(parameters: parameters, encoding: JSONEncoding.default)
        case .uploadAvatar(let data):
            let avatar = MultipartFormData(provider: .data(data), name: "avatar", mimeType: "image/png")
            return .uploadMultipart([avatar])
        case .exportArchive:
            return .downloadDestination { _, response in
                let folder = FileManager.default.temporaryDirectory
                return (folder.appendingPathComponent(response.suggestedFilename ?? "a.tgz"), [.removePreviousFile])
            }
        }
    }

    var sampleData: Data {
        switch self {
        case .repos: return Data(#"[{"id": 1, "name": "courier"}, {"id": 2, "name": "moya"}]"#.utf8)
        default: return Data("{}".utf8)
        }
    }

    var headers: [String: String]? { ["Accept": "application/vnd.github+json"] }

    var authorizationType: AuthorizationType? {
        switch self {
        case .zen: return nil
        default: return .bearer
        }
    }
}

let gitHubEndpointClosure = { @Sendable (target: GitHubAPI) -> Endpoint in
    MoyaProvider.defaultEndpointMapping(for: target)
        .adding(newHTTPHeaderFields: ["X-Client": "fixture-app"])
}

let gitHubRequestClosure = { @Sendable (endpoint: Endpoint, done: MoyaProvider<GitHubAPI>.RequestResultClosure) in
    do {
        var request = try endpoint.urlRequest()
        request.timeoutInterval = 20
        done(.success(request))
    } catch {
        done(.failure(MoyaError.underlying(error, nil)))
    }
}

struct ClientVersionPlugin: PluginType {
    func prepare(_ request: URLRequest, target: TargetType) -> URLRequest {
        var request = request
        request.setValue("4.2.0", forHTTPHeaderField: "X-Client-Version")
        return request
    }

    func process(_ result: Result<Moya.Response, MoyaError>, target: TargetType) -> Result<Moya.Response, MoyaError> {
        guard case .success(let response) = result, response.statusCode == 503 else { return result }
        return .failure(MoyaError.statusCode(response))
    }
}

func makeGitHubProvider(stubClosure: @escaping MoyaProvider<GitHubAPI>.StubClosure) -> MoyaProvider<GitHubAPI> {
    MoyaProvider<GitHubAPI>(
        endpointClosure: gitHubEndpointClosure,
        requestClosure: gitHubRequestClosure,
        stubClosure: stubClosure,
        plugins: [
            AccessTokenPlugin { _ in Keychain.token() },
            ClientVersionPlugin(),
        ])
}

enum LoginState {
    case loggedIn, needsLogin, failed
}

func loginState(after result: Result<Moya.Response, MoyaError>) -> LoginState {
    switch result {
    case .success(let response) where response.statusCode == 401:
        return .needsLogin
    case .success:
        return .loggedIn
    case .failure(let error):
        if case .statusCode(let response) = error, response.statusCode == 401 { return .needsLogin }
        return .failed
    }
}

// A UIViewController subclass in the app; UIKit makes it main-actor isolated.
@MainActor
final class ReposViewController {
    let provider: MoyaProvider<GitHubAPI>
    var repos: [Repo] = []
    var state: LoginState = .loggedIn

    init(provider: MoyaProvider<GitHubAPI>) {
        self.provider = provider
    }

    func loadRepos(done: @escaping () -> Void) {
        provider.request(.repos(owner: "octocat", page: 1, perPage: 2)) { result in
            self.state = loginState(after: result)
            if case .success(let response) = result {
                self.repos = (try? response.map([Repo].self)) ?? []
            }
            done()
        }
    }
}
