import Foundation
import Testing

@testable import CourierTesting

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Recording file names: method, path and query, stable and unique")
struct RecordingKeyTests {
    static func key(_ method: String, _ url: String, body: String? = nil, includingBody: Bool = false)
        throws -> RecordingKey
    {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.httpMethod = method
        request.httpBody = body.map { Data($0.utf8) }
        return RecordingKey(
            SentRequest(TransportRequest(urlRequest: request)), masking: .default, includingBody: includingBody)
    }

    @Test(arguments: [
        ("GET", "http://h/status/418", "GET_status_418"),
        ("GET", "http://h/get?token=abc123&page=1", "GET_get@page=1&token=masked"),
        ("GET", "http://h/goods?page_size=20&b=2&a=1", "GET_goods@a=1&b=2&page_size=20"),
        ("DELETE", "http://h/", "DELETE_"),
        ("GET", "http://h", "GET_"),
        ("POST", "http://h/mallProductsInfo/getProductList", "POST_mallProductsInfo_getProductList"),
    ])
    func readableNames(method: String, url: String, stem: String) throws {
        #expect(try Self.key(method, url).stem == stem)
    }

    @Test func namesThatNeedEscapingGetAStableHash() throws {
        let spaced = try Self.key("GET", "http://h/search?q=a%20b")
        let underscored = try Self.key("GET", "http://h/user_info")
        let slashed = try Self.key("GET", "http://h/user/info")

        #expect(spaced.stem.hasPrefix("GET_search@q=a-20b~h"))
        #expect(spaced.stem.count == "GET_search@q=a-20b~h".count + 8)
        #expect(spaced.stem == "GET_search@q=a-20b~h" + StableHash.hex8("GET /search?q=a%20b"))
        #expect(underscored.stem.hasPrefix("GET_user-info~h"), "an _ in the path would read as a /")
        #expect(slashed.stem == "GET_user_info")
    }

    @Test func theHashIsFNV1a() {
        #expect(StableHash.hex8("") == "84222325")
        #expect(StableHash.hex8("a") == "8601ec8c")
    }

    @Test func longNamesAreCutAndHashed() throws {
        let path = "/" + String(repeating: "segment/", count: 30)
        let key = try Self.key("GET", "http://h" + path)

        #expect(key.stem.count == 120 + 10)
        #expect(key.stem.contains("~h"))
    }

    @Test func theHostAndAFreshTokenDoNotChangeTheName() throws {
        let recorded = try Self.key("GET", "https://api.example.com/me?access_token=first&v=2")
        let replayed = try Self.key("GET", "http://127.0.0.1:1/me?v=2&access_token=second")

        #expect(recorded == replayed)
        #expect(recorded.description == "GET /me?access_token=***&v=2")
    }

    @Test func laterCallsAreNumbered() throws {
        let key = try Self.key("GET", "http://h/auth/me")

        #expect(key.fileName(call: 1) == "GET_auth_me.json")
        #expect(key.fileName(call: 2) == "GET_auth_me~2.json")
    }

    @Test func theBodyIsInTheKeyOnlyWhenAsked() throws {
        let first = try Self.key("POST", "http://h/list", body: #"{"page":1,"size":20}"#, includingBody: true)
        let reordered = try Self.key("POST", "http://h/list", body: #"{"size":20, "page":1}"#, includingBody: true)
        let second = try Self.key("POST", "http://h/list", body: #"{"page":2,"size":20}"#, includingBody: true)
        let ignored = try Self.key("POST", "http://h/list", body: #"{"page":2,"size":20}"#)

        #expect(first == reordered, "JSON fields are compared, not bytes")
        #expect(first != second)
        #expect(first.stem.hasPrefix("POST_list~b"))
        #expect(ignored.stem == "POST_list")
    }

    @Test func aSecretInTheBodyDoesNotChangeTheKey() throws {
        let first = try Self.key("POST", "http://h/login", body: "user=ada&password=one", includingBody: true)
        let second = try Self.key("POST", "http://h/login", body: "password=two&user=ada", includingBody: true)

        #expect(first == second)
    }
}
