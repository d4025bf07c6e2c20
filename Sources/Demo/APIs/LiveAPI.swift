import Courier
import Foundation

/// The live-room API: `{"code", "msg", "data"}`, POST by default, `-1` for "请登录!".
enum LiveAPI: TargetType {
    /// The hot rooms: POST `Room/GetHotLive_v2`.
    case hotLive(page: Int)
    /// Following a room, which needs a login the demo user does not have.
    case follow(roomId: Int)
    /// A room's comments as they are posted: GET `Room/Comments`, server-sent events.
    case comments(roomId: Int)

    var baseURL: URL { DemoHosts.live }

    var path: String {
        switch self {
        case .hotLive: "Room/GetHotLive_v2"
        case .follow: "Room/Follow"
        case .comments: "Room/Comments"
        }
    }

    var method: HTTPMethod {
        if case .comments = self { return .get }
        return .post
    }

    var task: RequestTask {
        switch self {
        case .hotLive(let page): .requestParameters(parameters: ["page": page], encoding: URLEncoding.httpBody)
        case .follow(let roomId): .requestParameters(parameters: ["roomId": roomId], encoding: URLEncoding.httpBody)
        case .comments(let roomId):
            .requestParameters(parameters: ["roomId": roomId], encoding: URLEncoding.queryString)
        }
    }

    var sampleData: Data {
        switch self {
        case .hotLive:
            Data(
                #"""
                {"code":0,"msg":"ok","data":[{"roomId":1001,"title":"深夜电台","online":3210},
                 {"roomId":1002,"title":"Morning Yoga","online":845},{"roomId":1003,"title":"吉他弹唱","online":12904}]}
                """#.utf8)
        case .follow:
            Data(#"{"code":-1,"msg":"请登录!"}"#.utf8)
        case .comments:
            Data(LiveComment.sampleStream.utf8)
        }
    }
}
