import Courier

// A Moya target file and plugin file as an app wrote them, after the import line's rename.
// This file imports Courier alone, and CourierTests cannot see CourierPlugins: what a target
// declaration needs (`AccessTokenAuthorizable`, `AuthorizationType`) and what a plugin file
// uses (`URLRequest`, from FoundationNetworking on Linux) come with `import Courier`.

enum ProfileAPI {
    case me
    case avatar(userID: Int)
}

extension ProfileAPI: TargetType, AccessTokenAuthorizable {
    var baseURL: URL { URL(string: "https://profile.example.com")! }
    var path: String {
        switch self {
        case .me: return "/me"
        case .avatar(let userID): return "/users/\(userID)/avatar"
        }
    }
    var method: HTTPMethod { .get }
    var task: RequestTask { .requestPlain }
    var authorizationType: AuthorizationType? {
        switch self {
        case .me: return .bearer
        case .avatar: return nil
        }
    }
}

struct LegacyTokenPlugin: PluginType {
    func prepare(_ request: URLRequest, target: TargetType) -> URLRequest {
        guard let authorizable = target as? AccessTokenAuthorizable,
            let type = authorizable.authorizationType
        else { return request }
        var request = request
        request.addValue(type.headerValue(for: "token-1"), forHTTPHeaderField: "Authorization")
        return request
    }
}
