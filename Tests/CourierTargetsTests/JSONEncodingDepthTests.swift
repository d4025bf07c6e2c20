import CourierTargets
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Parameters nested deeper than JSON writers accept are refused by one walk over them, with an
/// error that names where the nesting went too deep, however deep it goes.
@Suite struct JSONEncodingDepthTests {
    private func request() throws -> URLRequest {
        var request = URLRequest(url: try #require(URL(string: "https://shop.example.com/api/order/create")))
        request.httpMethod = "POST"
        return request
    }

    /// `{"a": {"a": … 1 …}}`, `depth` objects deep (the parameters count as the first).
    private func nested(depth: Int) -> [String: any Sendable] {
        var value: [String: any Sendable] = ["a": 1]
        for _ in 1..<depth { value = ["a": value] }
        return value
    }

    @Test func parametersTwoThousandLevelsDeepAreRefusedAsTooDeep() throws {
        // Each level is checked once: a search of the whole subtree at every level would be
        // quadratic, longer than a call's deadline at this depth.
        let error = #expect(throws: ParameterEncodingError.self) {
            try JSONEncoding.default.encode(request(), with: nested(depth: 2000))
        }
        guard case .invalidJSONObject(let summary) = error else {
            Issue.record("expected .invalidJSONObject, got \(String(describing: error))")
            return
        }
        #expect(summary.contains("nested deeper than \(JSONEncoding.maximumDepth) levels"), "\(summary)")
        // The path is cut short: a reader needs where it starts, not two thousand keys.
        #expect(summary.hasPrefix("`a.a.a."), "\(summary)")
        #expect(summary.count < 400, "\(summary)")
    }

    @Test func arraysCountAsLevelsToo() throws {
        var value: any Sendable = 1
        for _ in 0..<(JSONEncoding.maximumDepth + 5) { value = [value] }
        let error = #expect(throws: ParameterEncodingError.self) {
            try JSONEncoding.default.encode(request(), with: ["list": value])
        }
        #expect("\(String(describing: error))".contains("nested deeper than"))
    }

    @Test func nestingUpToTheLimitIsWritten() throws {
        let encoded = try JSONEncoding.default.encode(request(), with: nested(depth: JSONEncoding.maximumDepth))
        let body = try #require(encoded.httpBody)
        #expect(body.count > 2 * JSONEncoding.maximumDepth)
        let error = #expect(throws: ParameterEncodingError.self) {
            try JSONEncoding.default.encode(request(), with: nested(depth: JSONEncoding.maximumDepth + 1))
        }
        #expect("\(String(describing: error))".contains("nested deeper than"))
    }

    @Test func anInvalidValueBesideDeepNestingIsStillNamed() throws {
        var parameters = nested(depth: 50)
        parameters["createdAt"] = Date(timeIntervalSince1970: 0)
        let error = #expect(throws: ParameterEncodingError.self) {
            try JSONEncoding.default.encode(request(), with: parameters)
        }
        guard case .invalidJSONObject(let summary) = error else {
            Issue.record("expected .invalidJSONObject, got \(String(describing: error))")
            return
        }
        #expect(summary == "`createdAt` (Date)")
    }
}
