import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The core against a real server: queries, bodies, headers, validation, 401s, timeouts,
/// cancellation, refused connections and concurrency.
@Suite("Core (httpbin)", .requiresHttpbin)
struct CoreLiveTests {
    let provider = Provider<CoreBinTarget>(transport: TestTransport.make())

    @Test("GET with a query: httpbin echoes every value, + and space and CJK included")
    func getWithQuery() async throws {
        let parameters: [String: any Sendable] = [
            "plus": "a+b", "space": "hello world", "cjk": "你好，世界", "amp": "x&y=z", "n": 42, "emoji": "🚀",
        ]
        let target = try CoreBinTarget.bin(
            "/get", task: .requestParameters(parameters: parameters, encoding: URLEncoding.queryString))
        let echo = try await provider.request(target, as: BinEcho.self)
        #expect(
            echo.args == [
                "plus": "a+b", "space": "hello world", "cjk": "你好，世界", "amp": "x&y=z", "n": "42", "emoji": "🚀",
            ])
    }

    @Test("POST with a JSON body")
    func postJSON() async throws {
        let target = try CoreBinTarget.bin(
            "/post", method: .post,
            task: .requestParameters(
                parameters: ["pageCurrent": 1, "pageSize": 20, "name": "手机+壳"], encoding: JSONEncoding.default))
        let echo = try await provider.request(target, as: BinEcho.self)
        #expect(echo.json == .object(["pageCurrent": .number(1), "pageSize": .number(20), "name": .string("手机+壳")]))
        #expect(echo.header("Content-Type")?.hasPrefix("application/json") == true)
    }

    @Test("POST with a form body")
    func postForm() async throws {
        let target = try CoreBinTarget.bin(
            "/post", method: .post,
            task: .requestParameters(
                parameters: ["pageCurrent": 2, "q": "a+b c", "city": "北京"], encoding: URLEncoding.httpBody))
        let echo = try await provider.request(target, as: BinEcho.self)
        #expect(echo.form == ["pageCurrent": "2", "q": "a+b c", "city": "北京"])
        #expect(echo.header("Content-Type")?.hasPrefix("application/x-www-form-urlencoded") == true)
    }

    @Test("POST with an Encodable body")
    func postEncodable() async throws {
        struct Profile: Encodable, Sendable {
            var nickName: String
            var tags: [String]
            var vip: Bool
        }
        let target = try CoreBinTarget.bin(
            "/anything", method: .post,
            task: .requestJSONEncodable(Profile(nickName: "小明", tags: ["a", "b"], vip: true)))
        let echo = try await provider.request(target, as: BinEcho.self)
        #expect(echo.method == "POST")
        #expect(
            echo.json
                == .object([
                    "nickName": .string("小明"), "tags": .array([.string("a"), .string("b")]), "vip": .bool(true),
                ]))
    }

    @Test("common headers and parameters from the endpoint closure reach the server with the target's own")
    func commonHeadersAndParameters() async throws {
        let provider = Provider<CoreBinTarget>(
            endpointClosure: { target in
                Provider.defaultEndpointMapping(for: target)
                    .adding(newHTTPHeaderFields: ["platform": "iOS", "app-version": "3.2.0"])
                    .adding(parameters: ["uid": "10086"])
            }, transport: TestTransport.make())
        let target = try CoreBinTarget.bin(
            "/anything", method: .post, task: .requestJSONEncodable(["goods": 3]), headers: ["X-Trace": "t-1"])
        let echo = try await provider.request(target, as: BinEcho.self)
        #expect(echo.header("platform") == "iOS")
        #expect(echo.header("app-version") == "3.2.0")
        #expect(echo.header("X-Trace") == "t-1")
        #expect(echo.args == ["uid": "10086"])
        #expect(echo.json == .object(["goods": .number(3)]))
    }

    @Test("headers: the server receives the target's headers")
    func headers() async throws {
        let target = try CoreBinTarget.bin("/headers", headers: ["X-Api-Key": "k-123", "Accept-Language": "zh-CN"])
        let echo = try await provider.request(target, as: BinEcho.self)
        #expect(echo.header("X-Api-Key") == "k-123")
        #expect(echo.header("Accept-Language") == "zh-CN")
    }
}
