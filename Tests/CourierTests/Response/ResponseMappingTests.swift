import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Response filters")
struct ResponseFilterTests {
    private func response(_ status: Int) -> Response {
        Response(statusCode: status, data: Data("body \(status)".utf8))
    }

    @Test(
        "filter(statusCodes:) with a closed range",
        arguments: [(199, false), (200, true), (250, true), (300, true), (301, false)])
    func filterRange(status: Int, passes: Bool) throws {
        let response = response(status)
        if passes {
            #expect(try response.filter(statusCodes: 200...300) === response)
        } else {
            let error = #expect(throws: CourierError.self) { try response.filter(statusCodes: 200...300) }
            #expect(error?.response === response)
            #expect(error?.testCaseName == "statusCode")
        }
    }

    @Test("filter(statusCodes:) with a half-open range")
    func filterHalfOpen() throws {
        #expect(throws: CourierError.self) { try response(300).filter(statusCodes: 200..<300) }
        #expect(try response(299).filter(statusCodes: 200..<300).statusCode == 299)
    }

    @Test("filter(statusCode:)")
    func filterSingle() throws {
        #expect(try response(204).filter(statusCode: 204).statusCode == 204)
        #expect(throws: CourierError.self) { try response(200).filter(statusCode: 204) }
    }

    @Test(
        "filterSuccessfulStatusCodes", arguments: [(200, true), (299, true), (300, false), (404, false), (199, false)])
    func successful(status: Int, passes: Bool) {
        if passes {
            #expect(throws: Never.self) { try response(status).filterSuccessfulStatusCodes() }
        } else {
            #expect(throws: CourierError.self) { try response(status).filterSuccessfulStatusCodes() }
        }
    }

    @Test("filterSuccessfulStatusAndRedirectCodes", arguments: [(200, true), (302, true), (399, true), (400, false)])
    func successfulAndRedirect(status: Int, passes: Bool) {
        if passes {
            #expect(throws: Never.self) { try response(status).filterSuccessfulStatusAndRedirectCodes() }
        } else {
            #expect(throws: CourierError.self) { try response(status).filterSuccessfulStatusAndRedirectCodes() }
        }
    }
}

@Suite("Response JSON and string mapping")
struct ResponseJSONAndStringTests {
    private func response(_ text: String, status: Int = 200) -> Response {
        Response(statusCode: status, data: Data(text.utf8))
    }

    @Test("mapJSON parses an object")
    func mapJSONObject() throws {
        let json = try #require(try response(#"{"code":0,"msg":"ok","data":[1,2]}"#).mapJSON() as? [String: Any])
        #expect(json["code"] as? Int == 0)
        #expect(json["msg"] as? String == "ok")
        #expect(json["data"] as? [Int] == [1, 2])
    }

    @Test("mapJSON parses a fragment")
    func mapJSONFragment() throws {
        #expect(try response("42").mapJSON() as? Int == 42)
    }

    @Test("mapJSON of invalid JSON is .jsonMapping with the response", arguments: ["<html>", "{\"a\":", "nul"])
    func mapJSONInvalid(text: String) {
        let response = response(text, status: 502)
        let error = #expect(throws: CourierError.self) { try response.mapJSON() }
        #expect(error?.testCaseName == "jsonMapping")
        #expect(error?.response === response)
    }

    @Test("mapJSON of an empty body: .jsonMapping by default, NSNull when allowed")
    func mapJSONEmpty() throws {
        let empty = Response(statusCode: 204, data: Data())
        #expect(throws: CourierError.self) { try empty.mapJSON() }
        #expect(try empty.mapJSON(failsOnEmptyData: false) is NSNull)
    }

    @Test("mapString returns the whole body")
    func mapString() throws {
        #expect(try response("你好, world").mapString() == "你好, world")
        #expect(try response("").mapString() == "")
    }

    @Test("mapString of bytes that are not UTF-8 is .stringMapping")
    func mapStringInvalid() {
        let response = Response(statusCode: 200, data: Data([0xFF, 0xFE, 0xC0]))
        let error = #expect(throws: CourierError.self) { try response.mapString() }
        #expect(error?.testCaseName == "stringMapping")
    }

    @Test("mapString(atKeyPath:) reads a nested string")
    func mapStringAtKeyPath() throws {
        let response = response(#"{"data":{"token":"abc","user":{"name":"小明"}}}"#)
        #expect(try response.mapString(atKeyPath: "data.token") == "abc")
        #expect(try response.mapString(atKeyPath: "data.user.name") == "小明")
    }

    @Test(
        "mapString(atKeyPath:) at a missing key, a number or an object is .stringMapping",
        arguments: ["data.missing", "data.count", "data", "nothing.here"])
    func mapStringAtKeyPathNotString(keyPath: String) {
        let response = response(#"{"data":{"count":3}}"#)
        let error = #expect(throws: CourierError.self) { try response.mapString(atKeyPath: keyPath) }
        #expect(error?.testCaseName == "stringMapping")
        #expect(error?.response === response)
    }
}

@Suite("Response.map(_:atKeyPath:using:failsOnEmptyData:)")
struct ResponseDecodingTests {
    private struct User: Decodable, Equatable {
        var name: String
        var tags: [String]
    }

    private struct Optionals: Decodable, Equatable {
        var name: String?
    }

    private static let body = #"""
        {"code":0,"user":{"name":"Ann","tags":["a","b"],"age":31,"id":"u-1"},
         "data":{"total":125,"records":[{"id":1,"price":9.5},{"id":2,"price":"free"}]}}
        """#

    private func response(_ text: String = Self.body) -> Response {
        Response(statusCode: 200, data: Data(text.utf8))
    }

    @Test("the whole body")
    func wholeBody() throws {
        let user = try response(#"{"name":"Ann","tags":[]}"#).map(User.self)
        #expect(user == User(name: "Ann", tags: []))
    }

    @Test("an object at a key path")
    func objectAtKeyPath() throws {
        #expect(try response().map(User.self, atKeyPath: "user") == User(name: "Ann", tags: ["a", "b"]))
    }

    @Test("an array at a nested key path: user.tags")
    func arrayAtKeyPath() throws {
        #expect(try response().map([String].self, atKeyPath: "user.tags") == ["a", "b"])
    }

    @Test("a key path may end at an Int, a String, a Double or a Bool")
    func scalars() throws {
        let response = response()
        #expect(try response.map(Int.self, atKeyPath: "user.age") == 31)
        #expect(try response.map(Int.self, atKeyPath: "data.total") == 125)
        #expect(try response.map(String.self, atKeyPath: "user.id") == "u-1")
        #expect(try response.map(Double.self, atKeyPath: "data.total") == 125)
        #expect(try Response(statusCode: 200, data: Data(#"{"a":{"ok":true}}"#.utf8)).map(Bool.self, atKeyPath: "a.ok"))
    }

    @Test("an empty key path means the whole body")
    func emptyKeyPath() throws {
        #expect(try response(#"[1,2,3]"#).map([Int].self, atKeyPath: "") == [1, 2, 3])
        #expect(try response(#"[1,2,3]"#).map([Int].self, atKeyPath: nil) == [1, 2, 3])
    }

    @Test("the given decoder is used, and the key path names the JSON's own keys")
    func customDecoder() throws {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        struct Item: Decodable, Equatable { var itemId: Int }
        let response = response(#"{"result_list":{"item_list":[{"item_id":7}]}}"#)
        #expect(try response.map([Item].self, atKeyPath: "result_list.item_list", using: decoder) == [Item(itemId: 7)])
    }

    @Test("invalid JSON is .jsonMapping, with or without a key path", arguments: [nil, "user.tags"])
    func invalidJSON(keyPath: String?) {
        let response = response("<html><body>502 Bad Gateway</body></html>")
        let error = #expect(throws: CourierError.self) { try response.map(User.self, atKeyPath: keyPath) }
        #expect(error?.testCaseName == "jsonMapping")
        #expect(error?.response === response)
        #expect(error?.errorDescription?.contains("502 Bad Gateway") == true)
    }

    @Test("a wrong shape is .objectMapping, and its description names the failing path")
    func wrongShape() throws {
        let response = response()
        let error = #expect(throws: CourierError.self) {
            try response.map([Price].self, atKeyPath: "data.records")
        }
        guard case .objectMapping(let underlying, let carried) = error else {
            Issue.record("expected .objectMapping, got \(String(describing: error))")
            return
        }
        #expect(underlying is DecodingError)
        #expect(carried === response)
        let description = try #require(error?.errorDescription)
        #expect(description.contains("data.records[1].price"), "\(description)")
    }

    private struct Price: Decodable { var id: Int, price: Double }

    @Test("a missing key is .objectMapping naming the key and where it was expected")
    func missingKey() throws {
        let error = #expect(throws: CourierError.self) {
            try response().map(User.self, atKeyPath: "data")
        }
        #expect(error?.testCaseName == "objectMapping")
        let description = try #require(error?.errorDescription)
        #expect(description.contains("name"), "\(description)")
    }

    @Test("a key path that does not exist is .objectMapping naming it", arguments: ["user.nope", "nope.tags"])
    func missingKeyPath(keyPath: String) throws {
        let error = #expect(throws: CourierError.self) { try response().map([String].self, atKeyPath: keyPath) }
        #expect(error?.testCaseName == "objectMapping")
        let missing = try #require(keyPath.split(separator: ".").first { $0 == "nope" })
        #expect(error?.errorDescription?.contains(String(missing)) == true)
    }

    @Test("a key path through a value that is not an object is .objectMapping")
    func keyPathThroughScalar() {
        let error = #expect(throws: CourierError.self) { try response().map(Int.self, atKeyPath: "code.value") }
        #expect(error?.testCaseName == "objectMapping")
    }

    @Test("an empty body: .jsonMapping by default")
    func emptyFails() {
        let error = #expect(throws: CourierError.self) { try Response(statusCode: 204, data: Data()).map(User.self) }
        #expect(error?.testCaseName == "jsonMapping")
    }

    @Test("an empty body with failsOnEmptyData false: nil for an optional, an all-optional type decodes")
    func emptyAllowed() throws {
        let empty = Response(statusCode: 204, data: Data())
        #expect(try empty.map(Optionals?.self, failsOnEmptyData: false) == nil)
        #expect(try empty.map(Optionals.self, failsOnEmptyData: false) == Optionals(name: nil))
        #expect(throws: CourierError.self) { try empty.map(User.self, failsOnEmptyData: false) }
    }

    @Test("an optional type at a key path whose last key is missing decodes as nil, as a property would")
    func missingLastKeyOptional() throws {
        #expect(try response().map(String?.self, atKeyPath: "user.nickname") == nil)
        #expect(try response().map(String?.self, atKeyPath: "user.id") == "u-1")
        #expect(throws: CourierError.self) { try response().map(String.self, atKeyPath: "user.nickname") }
        #expect(throws: CourierError.self) { try response().map(String?.self, atKeyPath: "nobody.nickname") }
    }

    @Test("a JSON null at a key path decodes as nil for an optional")
    func nullAtKeyPath() throws {
        #expect(try response(#"{"data":null}"#).map(Int?.self, atKeyPath: "data") == nil)
    }

    @Test("request(_:as:) decodes the whole body when the provider has no envelope")
    func providerDecodes() async throws {
        let provider = Provider<CoreTestTarget>(
            transport: ScriptedTransport(body: Data(#"{"name":"Ann","tags":["x"]}"#.utf8)))
        #expect(try await provider.request(CoreTestTarget(), as: User.self) == User(name: "Ann", tags: ["x"]))
    }

    @Test("request(_:as:) maps invalid JSON and a wrong shape to typed errors")
    func providerDecodingErrors() async throws {
        let html = Provider<CoreTestTarget>(transport: ScriptedTransport(body: Data("<html>".utf8)))
        let jsonError = try await #require(throws: CourierError.self) {
            try await html.request(CoreTestTarget(), as: User.self)
        }
        #expect(jsonError.testCaseName == "jsonMapping")

        let wrong = Provider<CoreTestTarget>(transport: ScriptedTransport(body: Data(#"{"name":1}"#.utf8)))
        let shapeError = try await #require(throws: CourierError.self) {
            try await wrong.request(CoreTestTarget(), as: User.self)
        }
        #expect(shapeError.testCaseName == "objectMapping")
        #expect(shapeError.response?.data == Data(#"{"name":1}"#.utf8))
    }

    @Test("request(_:as:) uses the provider's decoder")
    func providerDecoder() async throws {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        struct Item: Decodable, Equatable { var itemId: Int }
        let provider = Provider<CoreTestTarget>(
            transport: ScriptedTransport(body: Data(#"{"item_id":3}"#.utf8)), options: ProviderOptions(decoder: decoder)
        )
        #expect(try await provider.request(CoreTestTarget(), as: Item.self) == Item(itemId: 3))
    }
}
