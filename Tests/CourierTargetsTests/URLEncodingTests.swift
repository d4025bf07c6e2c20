import CourierTargets
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Expected strings are written out literally, as Alamofire 5's `URLEncoding` produces them.
@Suite struct URLEncodingTests {
    // MARK: - Helpers

    func request(_ url: String = "https://shop.example.com/api/goods/list", method: String? = "GET")
        throws -> URLRequest
    {
        var request = URLRequest(url: try #require(URL(string: url)))
        if let method { request.httpMethod = method }
        return request
    }

    /// The query string of `parameters` encoded into a GET request's URL.
    func encodedQuery(
        _ parameters: [String: any Sendable], encoding: URLEncoding = .default
    ) throws -> String? {
        try encoding.encode(request(), with: parameters).url?.query(percentEncoded: true)
    }

    func body(of request: URLRequest) -> String? {
        request.httpBody.map { String(decoding: $0, as: UTF8.self) }
    }

    /// Percent-encodes every UTF-8 byte of `string`, computed independently of `URLEncoding`.
    func percentEncodedBytes(_ string: String) -> String {
        let digits = Array("0123456789ABCDEF")
        var result = ""
        for byte in string.utf8 {
            result += "%\(digits[Int(byte / 16)])\(digits[Int(byte % 16)])"
        }
        return result
    }

    // MARK: - Configuration

    @Test func defaultsAndPresets() {
        let encoding = URLEncoding()
        #expect(encoding.destination == .methodDependent)
        #expect(encoding.arrayEncoding == .brackets)
        #expect(encoding.boolEncoding == .numeric)
        #expect(URLEncoding.default.destination == .methodDependent)
        #expect(URLEncoding.queryString.destination == .queryString)
        #expect(URLEncoding.httpBody.destination == .httpBody)
        #expect(URLEncoding.httpBody.arrayEncoding == .brackets)
        #expect(URLEncoding.ArrayEncoding.indexInBrackets.encode(key: "ids", atIndex: 2) == "ids[2]")
        #expect(URLEncoding.BoolEncoding.literal.encode(value: false) == "false")
    }

    // MARK: - Shop API

    @Test func shopListQueryIsSortedAndAppendedToURL() throws {
        let encoded = try URLEncoding.default.encode(
            request(), with: ["pageCurrent": 1, "pageSize": 20, "categoryId": 3])
        #expect(
            encoded.url?.absoluteString
                == "https://shop.example.com/api/goods/list?categoryId=3&pageCurrent=1&pageSize=20")
        #expect(encoded.httpBody == nil)
        #expect(encoded.value(forHTTPHeaderField: "Content-Type") == nil)
    }

    @Test func shopFormBody() throws {
        let encoded = try URLEncoding.httpBody.encode(
            request("https://shop.example.com/api/cart/add", method: "POST"),
            with: ["goodsId": 1_024, "count": 2, "remark": "gift wrap, please", "pageSize": 20])
        #expect(body(of: encoded) == "count=2&goodsId=1024&pageSize=20&remark=gift%20wrap%2C%20please")
        #expect(encoded.url?.absoluteString == "https://shop.example.com/api/cart/add")
        #expect(encoded.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded; charset=utf-8")
    }

    @Test func queryBuilderIsPublic() {
        let query = URLEncoding.default.query(["pageCurrent": 1, "pageSize": 20, "categoryId": 3])
        #expect(query == "categoryId=3&pageCurrent=1&pageSize=20")
        #expect(URLEncoding.default.query([:]).isEmpty)
        #expect(
            URLEncoding.default.query(["q": "a+b c", "tags": ["x", "y"]]) == "q=a%2Bb%20c&tags%5B%5D=x&tags%5B%5D=y")
    }

    @Test func queryComponentsMatchAlamofire() {
        let components = URLEncoding.default.queryComponents(
            fromKey: "user", value: ["name": "Ann Lee", "age": 30] as [String: Any])
        #expect(components.map { $0.0 } == ["user%5Bage%5D", "user%5Bname%5D"])
        #expect(components.map { $0.1 } == ["30", "Ann%20Lee"])
        let gone = URLEncoding.default.queryComponents(fromKey: "gone", value: Int?.none as Any)
        #expect(gone.count == 0)
    }

    // MARK: - Ordering

    @Test func keysAreSortedByStringOrder() throws {
        let parameters: [String: any Sendable] = ["b": 2, "a": 1, "c": 3, "B": 0, "aa": 4, "a_b": 5]
        #expect(try encodedQuery(parameters) == "B=0&a=1&a_b=5&aa=4&b=2&c=3")
    }
}
