import CourierPlugins
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A target whose every property a test sets directly, and which answers the plugins'
/// protocols: how it wants its token, whether it shows status messages.
struct PluginTarget: TargetType, AccessTokenAuthorizable, StatusMessageConfigurable {
    var baseURL = URL(string: "https://api.example.com/v1")!
    var path = "/items"
    var method: HTTPMethod = .get
    var task: RequestTask = .requestPlain
    var headers: [String: String]?
    var sampleData = Data(#"{"ok":true}"#.utf8)
    var validationType: ValidationType = .none
    var authorizationType: AuthorizationType? = .bearer
    var showsStatusMessages = true
}

/// A target that conforms to none of the plugins' protocols.
struct PlainTarget: TargetType {
    var baseURL = URL(string: "https://api.example.com/v1")!
    var path = "/plain"
    var method: HTTPMethod { .get }
    var task: RequestTask { .requestPlain }
    var validationType: ValidationType = .none
}

/// An error a test can recognise by value.
struct MarkerError: Error, Equatable, CustomStringConvertible {
    var name = "marker"
    var description: String { "MarkerError(\(name))" }
}
