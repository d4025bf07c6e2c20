import CourierTargets
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct JSONEncodingTests {
    private func request(method: String = "POST") throws -> URLRequest {
        var request = URLRequest(url: try #require(URL(string: "https://shop.example.com/api/order/create")))
        request.httpMethod = method
        return request
    }

    private func body(of request: URLRequest) -> String? {
        request.httpBody.map { String(decoding: $0, as: UTF8.self) }
    }

    private func invalidSummary(_ parameters: [String: any Sendable]) throws -> String? {
        let error = #expect(throws: ParameterEncodingError.self) {
            try JSONEncoding.default.encode(request(), with: parameters)
        }
        guard case .invalidJSONObject(let summary) = error else {
            Issue.record("expected .invalidJSONObject, got \(String(describing: error))")
            return nil
        }
        return summary
    }

    @Test func presetsAndDefaults() {
        #expect(JSONEncoding().options == [])
        #expect(JSONEncoding.default.options == [])
        #expect(JSONEncoding.prettyPrinted.options == .prettyPrinted)
        #expect(JSONEncoding(options: [.sortedKeys, .prettyPrinted]).options == [.sortedKeys, .prettyPrinted])
    }

    @Test func nilParametersLeaveRequestUnchanged() throws {
        let original = try request()
        let encoded = try JSONEncoding.default.encode(original, with: nil)
        #expect(encoded == original)
        #expect(encoded.httpBody == nil)
        #expect(encoded.value(forHTTPHeaderField: "Content-Type") == nil)
    }

    @Test func emptyParametersGiveEmptyObject() throws {
        let encoded = try JSONEncoding.default.encode(request(), with: [:])
        #expect(body(of: encoded) == "{}")
        #expect(encoded.value(forHTTPHeaderField: "Content-Type") == "application/json")
    }

    @Test func shopOrderBody() throws {
        let encoding = JSONEncoding(options: .sortedKeys)
        let parameters: [String: any Sendable] = [
            "goodsId": 42, "count": 2, "price": 9.5, "gift": true, "remark": "中文 👍", "coupon": NSNull(),
        ]
        let encoded = try encoding.encode(request(), with: parameters)
        #expect(body(of: encoded) == #"{"count":2,"coupon":null,"gift":true,"goodsId":42,"price":9.5,"remark":"中文 👍"}"#)
        #expect(encoded.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(encoded.url?.absoluteString == "https://shop.example.com/api/order/create")
    }

    @Test func singleKeyDefaultBody() throws {
        let encoded = try JSONEncoding.default.encode(request(), with: ["pageSize": 20])
        #expect(body(of: encoded) == #"{"pageSize":20}"#)
    }

    @Test func nestedCollectionsRoundTrip() throws {
        let items: [[String: any Sendable]] = [["id": 7, "qty": 2], ["id": 9, "qty": 1]]
        let parameters: [String: any Sendable] = [
            "items": items, "matrix": [[1, 2], [3]], "address": ["city": "Paris", "zip": "75001"],
        ]
        let encoded = try JSONEncoding(options: .sortedKeys).encode(request(), with: parameters)
        #expect(
            body(of: encoded)
                == #"{"address":{"city":"Paris","zip":"75001"},"items":[{"id":7,"qty":2},{"id":9,"qty":1}],"#
                + #""matrix":[[1,2],[3]]}"#)
    }

    @Test func optionalsBecomeValuesOrNull() throws {
        let parameters: [String: any Sendable] = ["a": Int?(3), "b": String?.none]
        let encoded = try JSONEncoding(options: .sortedKeys).encode(request(), with: parameters)
        #expect(body(of: encoded) == #"{"a":3,"b":null}"#)
    }

    @Test func prettyPrinted() throws {
        let encoded = try JSONEncoding.prettyPrinted.encode(request(), with: ["pageSize": 20])
        #expect(body(of: encoded) == "{\n  \"pageSize\" : 20\n}")
        let sorted = try JSONEncoding(options: [.prettyPrinted, .sortedKeys]).encode(
            request(), with: ["b": [1], "a": "x"])
        #expect(body(of: sorted) == "{\n  \"a\" : \"x\",\n  \"b\" : [\n    1\n  ]\n}")
    }

    @Test func existingContentTypeIsKept() throws {
        var original = try request()
        original.setValue("application/vnd.shop+json", forHTTPHeaderField: "content-type")
        let encoded = try JSONEncoding.default.encode(original, with: ["a": 1])
        #expect(encoded.value(forHTTPHeaderField: "Content-Type") == "application/vnd.shop+json")
        let contentTypeFields = (encoded.allHTTPHeaderFields ?? [:]).keys.filter { $0.lowercased() == "content-type" }
        #expect(contentTypeFields.count == 1)
    }

    @Test func worksForAnyMethod() throws {
        let encoded = try JSONEncoding.default.encode(request(method: "GET"), with: ["a": 1])
        #expect(body(of: encoded) == #"{"a":1}"#)
        #expect(encoded.url?.query == nil)
    }

    @Test func invalidObjectIsRejectedBeforeSerialising() throws {
        let summary = try invalidSummary(["createdAt": Date(), "ok": 1, "link": URL(fileURLWithPath: "/tmp")])
        #expect(summary == "`createdAt` (Date), `link` (URL)")
    }

    @Test func invalidNestedValuesAreNamedByPath() throws {
        let user: [String: any Sendable] = ["name": "Ann", "tags": ["a", Double.nan] as [any Sendable]]
        let summary = try invalidSummary(["user": user, "score": Double.infinity])
        #expect(summary == "`score` (Double, not finite), `user.tags[1]` (Double, not finite)")
    }

    @Test func nonStringKeysAreRejected() throws {
        let summary = try invalidSummary(["byId": [1: "a"]])
        #expect(summary == "`byId` (Dictionary<Int, String>)")
    }

    @Test func invalidObjectErrorIsReadableAndHidesValues() throws {
        let error = ParameterEncodingError.invalidJSONObject("`password` (Data)")
        #expect(
            error.description
                == "Parameter encoding failed: these parameters cannot be represented as JSON: `password` (Data).")
        #expect(error.errorDescription == error.description)
        let summary = try invalidSummary(["password": Data("secret".utf8)])
        #expect(summary?.contains("secret") == false)
    }

    @Test func missingURLThrows() throws {
        var noURL = try request()
        noURL.url = nil
        let error = #expect(throws: ParameterEncodingError.self) {
            try JSONEncoding.default.encode(noURL, with: ["a": 1])
        }
        guard case .missingURL = error else {
            Issue.record("expected .missingURL, got \(String(describing: error))")
            return
        }
    }

    @Test func errorDescriptions() {
        #expect(ParameterEncodingError.missingURL.description.contains("has no URL"))
        #expect(ParameterEncodingError.invalidURL("x:y").description.contains("x:y"))
        struct Boom: Error, CustomStringConvertible { var description: String { "boom" } }
        #expect(ParameterEncodingError.jsonEncodingFailed(Boom()).description.hasSuffix("boom."))
    }
}
