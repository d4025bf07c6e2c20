import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The three backends the docs use (shop, box office, live room) as the tests write them. The shop's `Goods`, `MallAPI` and
// `ShopEnvelope` are those of the Business envelopes article (DocExamplesEnvelopes.swift);
// the article's examples use the box-office and live-room types below as the app's own.

/// One product of the shop backend.
typealias Goods = EnvelopesDoc.Goods

extension EnvelopesDoc.Goods {
    static func sample(_ id: Int) -> Goods {
        Goods(
            id: id, categoryId: 1, productName: "Goods \(id)", introduction: "Introduction of goods \(id)",
            imgId: "img-\(id)", price: 9.5 + Double(id), priceUnit: "CNY")
    }
}

/// One film of the box-office ranking.
struct Film: Codable, Sendable, Equatable {
    let rid: String
    let name: String
    let wk: String
    let wboxoffice: String
    let tboxoffice: String
}

/// One room of the live-room app.
struct LiveRoom: Codable, Sendable, Equatable {
    let roomId: Int
    let title: String
    let online: Int
}

/// The shop backend: `{"succeed", "code", "msg", "data"}`.
typealias MallAPI = EnvelopesDoc.MallAPI

/// The box-office API: `{"resultcode": "200", "reason", "result", "error_code"}`.
enum BoxOfficeAPI: TargetType {
    case rank(area: String)

    var baseURL: URL { URL(string: "https://box.example.com/v1")! }
    var path: String { "/boxoffice/rank" }
    var method: HTTPMethod { .get }
    var task: RequestTask {
        switch self {
        case .rank(let area):
            .requestParameters(parameters: ["area": area, "key": "k"], encoding: URLEncoding.queryString)
        }
    }
}

/// The live-room app: `{"code", "msg", "data"}`, `-1` meaning "please log in".
enum LiveRoomAPI: TargetType {
    case hotLive(page: Int)

    var baseURL: URL { URL(string: "https://live.example.com/api")! }
    var path: String { "Room/GetHotLive_v2" }
    var method: HTTPMethod { .post }
    var task: RequestTask {
        switch self {
        case .hotLive(let page): .requestParameters(parameters: ["page": page], encoding: URLEncoding.httpBody)
        }
    }
}

/// The envelope of each dialect, configured as the article shows.
enum Dialects {
    /// `{"succeed": true, "code": 0, "msg": "查询成功", "data": …}`; 915/916 mean "log in again".
    static let shop = JSONEnvelope(expiredCodes: ["915", "916"], successFlagKey: "succeed")
    /// `{"resultcode": "200", "reason": "success", "result": […], "error_code": 0}`.
    static let rank = JSONEnvelope(
        codeKey: "resultcode", messageKey: "reason", dataKey: "result", successCodes: ["200"])
    /// `{"resultCode": 200, "resultMsg": "查询成功", "data": {…}}`.
    static let resultCode = JSONEnvelope(codeKey: "resultCode", messageKey: "resultMsg", successCodes: ["200"])
    /// `{"code": 0, "msg": "ok", "data": …}` with `-1` = not logged in.
    static let live = JSONEnvelope(expiredCodes: ["-1"])
}

/// The worked custom envelope: the shop backend's envelope, plus its bare-string answers and
/// the HTTP 404 it reports inside the JSON.
typealias ShopEnvelope = EnvelopesDoc.ShopEnvelope

/// A target that answers with whatever a test sets, and may override the envelope.
struct CannedTarget: TargetType, EnvelopeOverriding {
    var baseURL = URL(string: "https://canned.example.com")!
    var path = "/call"
    var method: HTTPMethod = .get
    var task: RequestTask = .requestPlain
    var validationType: ValidationType = .none
    var envelope: EnvelopeOverride = .inherited
}

extension Provider {
    /// A provider whose every call is stubbed with `status` and `body`.
    static func answering(
        _ body: String, status: Int = 200, envelope: (any ResponseEnvelope)?, plugins: [any PluginType] = []
    ) -> Provider {
        Provider(
            endpointClosure: { target in
                let endpoint = Provider.defaultEndpointMapping(for: target)
                return Endpoint(
                    url: endpoint.url, sampleResponseClosure: { .networkResponse(status, Data(body.utf8)) },
                    method: endpoint.method, task: endpoint.task, httpHeaderFields: endpoint.httpHeaderFields)
            },
            stubClosure: Provider.immediatelyStub, plugins: plugins, envelope: envelope)
    }
}

/// A response carrying `body`, for calling an envelope directly.
func envelopeResponse(_ body: String, status: Int = 200) -> Response {
    Response(statusCode: status, data: Data(body.utf8))
}

/// Runs `body` and returns the `CourierError` it throws, or `nil` (recording an issue) when it
/// succeeds or throws another error.
func courierError<T>(
    _ body: () async throws -> T, sourceLocation: SourceLocation = #_sourceLocation
) async -> CourierError? {
    do {
        let value = try await body()
        Issue.record("Expected a CourierError, got \(value)", sourceLocation: sourceLocation)
    } catch let error as CourierError {
        return error
    } catch {
        Issue.record("Expected a CourierError, got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}
