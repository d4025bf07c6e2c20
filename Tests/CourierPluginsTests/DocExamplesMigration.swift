import CourierPlugins  // Courier, and the logger
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The Courier side of Courier.docc's "Migrating from Moya" (Articles/MigratingFromMoya.md), as
// written there: the ported ranking API, its view model and the ported plugin. (The Moya side
// is shown for comparison only; it needs Moya, RxSwift and SwiftyJSON.) It lives in this target
// because the port imports CourierPlugins.

enum MigrationDoc {
    struct Film: Decodable, Sendable {
        let rid: String
        let name: String
        let wk: String
        let wboxoffice: String
        let tboxoffice: String
    }

    enum RankAPI {
        case getRank(area: String)
    }

    static let rankEndpointClosure = { @Sendable (target: RankAPI) -> Endpoint in
        Provider.defaultEndpointMapping(for: target)
            .adding(newHTTPHeaderFields: ["platform": "iOS", "sys_ver": "17.4"])
            .adding(parameters: ["uid": "10086"])
    }

    static let rankProvider = Provider<RankAPI>(
        endpointClosure: rankEndpointClosure, plugins: [NetworkLoggerPlugin()],
        envelope: JSONEnvelope(codeKey: "resultcode", messageKey: "reason", dataKey: "result", successCodes: ["200"]))

    static func loadRank(area: String) async throws -> [Film] {
        try await rankProvider.request(.getRank(area: area), as: [Film].self)
    }

    @MainActor
    final class RankViewModel {
        private(set) var films: [Film] = []
        private(set) var message: String?
        private var loading: Task<Void, Never>?

        func load(area: String) {
            loading?.cancel()  // what disposing the old subscription did
            loading = Task {
                do {
                    films = try await loadRank(area: area)
                } catch let error as CourierError where !error.isCancelled {
                    message = error.userMessage
                } catch {}
            }
        }
    }

    struct PlatformHeadersPlugin: PluginType {
        func prepare(_ request: URLRequest, target: any TargetType) async throws -> URLRequest {
            var request = request
            request.setValue("iOS", forHTTPHeaderField: "platform")
            return request
        }

        func didReceive(_ result: Result<Response, CourierError>, target: any TargetType) {
            if case .failure(let error) = result { print("failed: \(error.code) \(target.path)") }
        }
    }
}

extension MigrationDoc.RankAPI: TargetType {
    var baseURL: URL { URL(string: "https://rank.example.com")! }
    var path: String {
        switch self {
        case .getRank: return "/boxoffice/rank"
        }
    }
    var method: HTTPMethod { .get }
    var task: RequestTask {
        switch self {
        case .getRank(let area):
            return .requestParameters(parameters: ["area": area, "key": "demo-key"], encoding: URLEncoding.default)
        }
    }
    var validationType: ValidationType { .successCodes }
}

@Suite("Docs: Migrating from Moya")
struct MigrationDocTests {
    @Test("the ported endpoint closure sends the Moya version's headers and parameters")
    func portedEndpoint() throws {
        let request = try MigrationDoc.rankEndpointClosure(.getRank(area: "CN")).urlRequest()
        #expect(request.url?.absoluteString == "https://rank.example.com/boxoffice/rank?area=CN&key=demo-key&uid=10086")
        #expect(request.value(forHTTPHeaderField: "sys_ver") == "17.4")
    }

    @Test("the ported provider checks resultcode \"200\" and decodes result, and fails with the reason")
    func portedEnvelope() async throws {
        let ok = #"""
            {"resultcode": "200", "reason": "success", "error_code": 0,
             "result": [{"rid": "1", "name": "Film", "wk": "2024-05-01", "wboxoffice": "1.2亿", "tboxoffice": "3.4亿"}]}
            """#
        let provider = Provider<MigrationDoc.RankAPI>(
            endpointClosure: MigrationDoc.rankEndpointClosure, transport: ScriptedTransport(body: Data(ok.utf8)),
            envelope: MigrationDoc.rankProvider.envelope)
        let films = try await provider.request(.getRank(area: "CN"), as: [MigrationDoc.Film].self)
        #expect(films.map(\.name) == ["Film"])

        let refused = #"{"resultcode": "112", "reason": "key error", "result": null, "error_code": 10001}"#
        let failing = Provider<MigrationDoc.RankAPI>(
            transport: ScriptedTransport(body: Data(refused.utf8)), envelope: MigrationDoc.rankProvider.envelope)
        await #expect {
            try await failing.request(.getRank(area: "CN"), as: [MigrationDoc.Film].self)
        } throws: { error in
            guard case .business(let code, let message, _) = error as? CourierError else { return false }
            return code == "112" && message == "key error"
        }
    }
}
