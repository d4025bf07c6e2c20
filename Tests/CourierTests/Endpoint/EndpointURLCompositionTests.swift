import Courier
import Foundation
import Testing

@Suite("URL composition: baseURL + path, as Moya composes it")
struct EndpointURLCompositionTests {
    @Test(
        "baseURL and path",
        arguments: [
            ("https://api.example.com/v1", "users", "https://api.example.com/v1/users"),
            ("https://api.example.com/v1", "/users", "https://api.example.com/v1/users"),
            ("https://api.example.com/v1/", "users", "https://api.example.com/v1/users"),
            ("https://api.example.com/v1/", "/users", "https://api.example.com/v1/users"),
            ("https://api.example.com", "/users/42/avatar", "https://api.example.com/users/42/avatar"),
            ("https://api.example.com", "users/", "https://api.example.com/users/"),
            ("https://api.example.com/v1", "Room/GetHotLive_v2", "https://api.example.com/v1/Room/GetHotLive_v2"),
            ("http://127.0.0.1:8080", "status/200", "http://127.0.0.1:8080/status/200"),
        ])
    func composes(base: String, path: String, expected: String) throws {
        let target = CoreTestTarget(baseURL: try #require(URL(string: base)), path: path)
        #expect(URL(target: target).absoluteString == expected)
        let request = try Provider<CoreTestTarget>.defaultEndpointMapping(for: target).urlRequest()
        #expect(request.url?.absoluteString == expected)
    }

    @Test(
        "an empty path leaves the base URL untouched",
        arguments: ["https://api.example.com/v1", "https://api.example.com/v1/", "https://api.example.com"])
    func emptyPath(base: String) throws {
        let target = CoreTestTarget(baseURL: try #require(URL(string: base)), path: "")
        #expect(URL(target: target).absoluteString == base)
    }

    @Test("a query in the base URL is kept, after the path")
    func baseWithQuery() throws {
        let target = CoreTestTarget(
            baseURL: try #require(URL(string: "https://api.example.com/api?key=abc")), path: "/rank")
        let url = URL(target: target)
        #expect(url.path == "/api/rank")
        #expect(url.query == "key=abc")
    }

    @Test("task parameters are appended to a query already in the base URL")
    func taskQueryAppendsToBaseQuery() throws {
        let target = CoreTestTarget(
            baseURL: try #require(URL(string: "https://api.example.com/api?key=abc")), path: "rank",
            task: .requestParameters(parameters: ["area": "CN"], encoding: URLEncoding.queryString))
        let request = try Provider<CoreTestTarget>.defaultEndpointMapping(for: target).urlRequest()
        #expect(request.url?.path == "/api/rank")
        #expect(request.queryDictionary == ["key": "abc", "area": "CN"])
    }

    @Test("characters that are not allowed in a path are percent-encoded, not dropped")
    func pathEscaping() {
        let target = CoreTestTarget(path: "/files/a b")
        #expect(URL(target: target).absoluteString == "https://api.example.com/v1/files/a%20b")
    }

    @Test("MultiTarget composes the wrapped target's URL")
    func multiTarget() {
        let target = MultiTarget(ShopAPI.detail(id: 7))
        #expect(URL(target: target).absoluteString == "https://shop.example.com/goods/7")
    }
}
