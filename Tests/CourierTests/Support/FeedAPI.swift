import Courier
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One streaming endpoint, for the stream tests that answer it with a transport of their own.
enum FeedAPI: TargetType {
    case feed
    var baseURL: URL { URL(string: "https://feed.example.com") ?? URL(fileURLWithPath: "/") }
    var path: String { "/feed" }
    var method: HTTPMethod { .get }
    var task: RequestTask { .requestPlain }
}
