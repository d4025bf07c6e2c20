import CourierTargets
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where the query goes (URL or body) for each method and destination, and the Content-Type it sets.
extension URLEncodingTests {
    @Test(arguments: ["GET", "HEAD", "DELETE", "get", "Delete"])
    func methodDependentPutsQueryInURL(method: String) throws {
        let encoded = try URLEncoding.default.encode(request(method: method), with: ["pageSize": 20])
        #expect(encoded.url?.query(percentEncoded: true) == "pageSize=20")
        #expect(encoded.httpBody == nil)
        #expect(encoded.value(forHTTPHeaderField: "Content-Type") == nil)
    }

    @Test(arguments: ["POST", "PUT", "PATCH", "OPTIONS", "TRACE", "CONNECT"])
    func methodDependentPutsQueryInBody(method: String) throws {
        let encoded = try URLEncoding.default.encode(request(method: method), with: ["pageSize": 20, "a b": "c&d"])
        #expect(encoded.url?.absoluteString == "https://shop.example.com/api/goods/list")
        #expect(body(of: encoded) == "a%20b=c%26d&pageSize=20")
        #expect(encoded.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded; charset=utf-8")
    }

    @Test func requestWithoutExplicitMethodCountsAsGET() throws {
        let encoded = try URLEncoding.default.encode(request(method: nil), with: ["a": 1])
        #expect(encoded.url?.query(percentEncoded: true) == "a=1")
    }

    @Test func queryStringDestinationIgnoresMethod() throws {
        let encoded = try URLEncoding.queryString.encode(request(method: "POST"), with: ["a": 1])
        #expect(encoded.url?.query(percentEncoded: true) == "a=1")
        #expect(encoded.httpBody == nil)
        #expect(encoded.value(forHTTPHeaderField: "Content-Type") == nil)
    }

    @Test func httpBodyDestinationIgnoresMethod() throws {
        let encoded = try URLEncoding.httpBody.encode(request(method: "GET"), with: ["a": 1])
        #expect(encoded.url?.absoluteString == "https://shop.example.com/api/goods/list")
        #expect(body(of: encoded) == "a=1")
    }

    // MARK: - Content-Type

    @Test func existingContentTypeIsKept() throws {
        var original = try request(method: "POST")
        original.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        let encoded = try URLEncoding.default.encode(original, with: ["a": 1])
        #expect(encoded.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded")
        #expect(body(of: encoded) == "a=1")
    }

    @Test func existingContentTypeIsFoundCaseInsensitively() throws {
        var original = try request(method: "POST")
        original.setValue("text/plain", forHTTPHeaderField: "content-type")
        let encoded = try URLEncoding.httpBody.encode(original, with: ["a": 1])
        #expect(encoded.value(forHTTPHeaderField: "Content-Type") == "text/plain")
        let contentTypeFields = (encoded.allHTTPHeaderFields ?? [:]).keys.filter { $0.lowercased() == "content-type" }
        #expect(contentTypeFields.count == 1)
    }

    @Test func otherHeadersAreKept() throws {
        var original = try request(method: "POST")
        original.setValue("Bearer t", forHTTPHeaderField: "Authorization")
        let encoded = try URLEncoding.default.encode(original, with: ["a": 1])
        #expect(encoded.value(forHTTPHeaderField: "Authorization") == "Bearer t")
        #expect(encoded.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded; charset=utf-8")
    }
}
