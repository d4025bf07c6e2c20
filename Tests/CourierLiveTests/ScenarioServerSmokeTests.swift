import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Checks that the servers `scripts/test` starts are up and answer as the live tests expect,
/// with a plain `URLSession` so that a failure here points at the servers, not at Courier.
@Suite("Live test servers")
struct ScenarioServerSmokeTests {
    /// An envelope as the shop backend sends it; only the fields checked here.
    private struct ShopEnvelope: Decodable {
        struct Goods: Decodable {
            let id: Int
            let productName: String
            let price: Double
        }
        let succeed: Bool
        let code: Int
        let msg: String
        let data: Goods?
    }

    private static func get(_ url: URL) async throws -> (Data, HTTPURLResponse) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 10
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let (data, response) = try await session.data(from: url)
        let http = try #require(response as? HTTPURLResponse)
        return (data, http)
    }

    @Test("the scenario server answers /health", .requiresScenarioServer)
    func scenarioHealth() async throws {
        let base = try LiveServers.url(for: .scenario)
        let (data, response) = try await Self.get(base.appending(path: "health"))
        #expect(response.statusCode == 200)
        #expect(response.value(forHTTPHeaderField: "Content-Type")?.hasPrefix("application/json") == true)
        let body = try JSONSerialization.jsonObject(with: data) as? [String: Bool]
        #expect(body == ["ok": true])
    }

    @Test("httpbin answers /get", .requiresHttpbin)
    func httpbinGet() async throws {
        let base = try LiveServers.url(for: .httpbin)
        let url = base.appending(path: "get").appending(queryItems: [URLQueryItem(name: "probe", value: "courier")])
        let (data, response) = try await Self.get(url)
        #expect(response.statusCode == 200)
        let body = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let args = body["args"] as? [String: String]
        #expect(args == ["probe": "courier"])
    }

    @Test("the shop envelope decodes, UTF-8 message included", .requiresScenarioServer)
    func shopEnvelope() async throws {
        let base = try LiveServers.url(for: .scenario)
        let (data, response) = try await Self.get(base.appending(path: "envelope/shop/ok"))
        #expect(response.statusCode == 200)
        let envelope = try JSONDecoder().decode(ShopEnvelope.self, from: data)
        #expect(envelope.succeed)
        #expect(envelope.code == 0)
        #expect(envelope.msg == "查询成功")
        #expect(envelope.data?.id == 7)
        #expect(envelope.data?.productName == "Tea")
        #expect(envelope.data?.price == 12.5)
    }
}
