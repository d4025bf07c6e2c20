import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The examples of Courier.docc's "Endpoints and common parameters"
// (Articles/EndpointsAndCommonParameters.md), as written there.

enum EndpointsDoc {
    enum RankAPI: TargetType {
        case rank(area: String)

        var baseURL: URL { URL(string: "https://rank.example.com")! }
        var path: String { "/boxoffice/rank" }
        var method: HTTPMethod { .get }
        var task: RequestTask {
            switch self {
            case .rank(let area):
                .requestParameters(parameters: ["area": area, "key": "demo-key"], encoding: URLEncoding.queryString)
            }
        }
    }

    /// "Extend the default endpoint": the article's first provider.
    static let ranking = Provider<RankAPI>(endpointClosure: { target in
        Provider.defaultEndpointMapping(for: target)
            .adding(newHTTPHeaderFields: ["platform": "iOS", "sys_ver": "17.4"])
            .adding(parameters: ["uid": "10086"])
    })

    static func branchingEndpoint() {
        let versioned = Provider<RankAPI>(endpointClosure: { target in
            var endpoint = Provider.defaultEndpointMapping(for: target)
            if case .rank(let area) = target, area == "HK" {
                endpoint = endpoint.adding(newHTTPHeaderFields: ["Accept-Language": "zh-HK"])
            }
            return endpoint.adding(parameters: ["uid": "10086"])
        })
        keep(versioned)
    }

    /// "Encode parameters".
    struct Review: Encodable, Sendable {
        let goodsId: Int
        let stars: Int
        let writtenAt: Date
    }

    static func reviewTask(_ review: Review) -> RequestTask {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return .requestCustomJSONEncodable(review, encoder: encoder)
    }

    /// "Shape the final request".
    static func requestClosure() {
        let signed = Provider<RankAPI>(requestClosure: { endpoint in
            var request = try endpoint.urlRequest()
            request.cachePolicy = .reloadIgnoringLocalCacheData
            request.setValue(String(Int(Date().timeIntervalSince1970)), forHTTPHeaderField: "X-Timestamp")
            return request
        })
        keep(signed)
    }

    /// "Time limits".
    static func timeLimits() {
        var options = ProviderOptions()
        options.timeout = 30  // for targets that return nil
        let limited = Provider<RankAPI>(options: options)
        keep(limited)
    }

    /// "Share identical calls".
    static func sharedCalls() async throws {
        let shared = Provider<RankAPI>(trackInflights: true)
        async let first = shared.request(.rank(area: "CN"))
        async let second = shared.request(.rank(area: "CN"))  // shares the first call while it runs
        let (a, b) = try await (first, second)
        keep(a, b)
    }
}

extension EndpointsDoc.RankAPI: TimeoutConfigurable {
    var timeout: TimeInterval? {
        switch self {
        case .rank: 10
        }
    }
}

@Suite("Docs: Endpoints and common parameters")
struct EndpointsDocTests {
    @Test("the endpoint closure adds the headers and the uid the article shows")
    func commonHeadersAndParameters() async throws {
        let endpoint = EndpointsDoc.ranking.endpointClosure(.rank(area: "CN"))
        let request = try endpoint.urlRequest()
        #expect(request.url?.absoluteString == "https://rank.example.com/boxoffice/rank?area=CN&key=demo-key&uid=10086")
        #expect(request.value(forHTTPHeaderField: "platform") == "iOS")
        #expect(request.value(forHTTPHeaderField: "sys_ver") == "17.4")
    }

    @Test("an Encodable body with its own encoder writes ISO 8601 dates")
    func customEncoder() throws {
        let review = EndpointsDoc.Review(goodsId: 7, stars: 5, writtenAt: Date(timeIntervalSince1970: 0))
        let endpoint = Endpoint(
            url: "https://mall.example.com/reviews", sampleResponseClosure: { .networkResponse(200, Data()) },
            method: .post, task: EndpointsDoc.reviewTask(review), httpHeaderFields: nil)
        let body = String(decoding: try endpoint.urlRequest().httpBody ?? Data(), as: UTF8.self)
        #expect(body.contains("1970-01-01T00:00:00Z"))
    }
}
