import CourierTargets
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Appending to a URL's existing query and fragment, empty parameters, and a request without a URL.
extension URLEncodingTests {
    @Test func appendsToExistingQuery() throws {
        let encoded = try URLEncoding.default.encode(
            request("https://shop.example.com/api/goods/list?token=abc%2B1&lang=zh"), with: ["page": 2, "q": "a b"])
        #expect(
            encoded.url?.absoluteString
                == "https://shop.example.com/api/goods/list?token=abc%2B1&lang=zh&page=2&q=a%20b")
    }

    @Test func keepsFragmentAfterQuery() throws {
        let encoded = try URLEncoding.queryString.encode(request("https://example.com/p#top"), with: ["a": 1])
        #expect(encoded.url?.absoluteString == "https://example.com/p?a=1#top")
    }

    @Test func nilParametersLeaveRequestUnchanged() throws {
        for method in ["GET", "POST"] {
            let original = try request("https://example.com/p?x=1", method: method)
            let encoded = try URLEncoding.default.encode(original, with: nil)
            #expect(encoded == original)
            #expect(encoded.httpBody == nil)
            #expect(encoded.value(forHTTPHeaderField: "Content-Type") == nil)
        }
    }

    @Test func emptyParametersLeaveURLUnchanged() throws {
        let original = try request("https://example.com/p?x=1")
        let encoded = try URLEncoding.queryString.encode(original, with: [:])
        #expect(encoded.url?.absoluteString == "https://example.com/p?x=1")
        #expect(encoded == original)
    }

    @Test func emptyParametersInBodyGiveEmptyForm() throws {
        let encoded = try URLEncoding.default.encode(request(method: "POST"), with: [:])
        #expect(encoded.httpBody == Data())
        #expect(encoded.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded; charset=utf-8")
    }

    @Test(arguments: [URLEncoding.queryString, .httpBody, .default])
    func missingURLThrows(encoding: URLEncoding) throws {
        var noURL = try request(method: "POST")
        noURL.url = nil
        let error = #expect(throws: ParameterEncodingError.self) {
            try encoding.encode(noURL, with: ["a": 1])
        }
        guard case .missingURL = error else {
            Issue.record("expected .missingURL, got \(String(describing: error))")
            return
        }
        #expect(error?.description == "Parameter encoding failed: the request has no URL.")
        // nil parameters need nothing, so nothing is checked.
        #expect(try encoding.encode(noURL, with: nil).url == nil)
    }
}
