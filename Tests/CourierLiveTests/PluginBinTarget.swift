import CourierPlugins
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One httpbin call, field by field.
struct PluginBinTarget: TargetType, AccessTokenAuthorizable, StatusMessageConfigurable, TimeoutConfigurable {
    var baseURL: URL
    var path: String
    var method: HTTPMethod = .get
    var task: RequestTask = .requestPlain
    var headers: [String: String]?
    var validationType: ValidationType = .successCodes
    var authorizationType: AuthorizationType?
    var showsStatusMessages = true
    /// Ten seconds, four times that under a sanitizer: the whole suite on two slowed cores
    /// delays a call that takes milliseconds by seconds.
    var timeout: TimeInterval? = 10 * LiveTiming.scale

    static func httpbin(_ path: String) throws -> PluginBinTarget {
        PluginBinTarget(baseURL: try LiveServers.url(for: .httpbin), path: path)
    }
}
