import CourierTargets
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Expected strings are written out literally, as Alamofire 5's `URLEncoding` produces them.
@Suite struct URLEncodingTests {
    // MARK: - Helpers

    private func request(_ url: String = "https://shop.example.com/api/goods/list", method: String? = "GET")
        throws -> URLRequest
    {
        var request = URLRequest(url: try #require(URL(string: url)))
        if let method { request.httpMethod = method }
        return request
    }

    /// The query string of `parameters` encoded into a GET request's URL.
    private func encodedQuery(
        _ parameters: [String: any Sendable], encoding: URLEncoding = .default
    ) throws -> String? {
        try encoding.encode(request(), with: parameters).url?.query(percentEncoded: true)
    }

    private func body(of request: URLRequest) -> String? {
        request.httpBody.map { String(decoding: $0, as: UTF8.self) }
    }

    /// Percent-encodes every UTF-8 byte of `string`, computed independently of `URLEncoding`.
    private func percentEncodedBytes(_ string: String) -> String {
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

    // MARK: - Escaping

    @Test func everyReservedCharacterIsEscaped() {
        #expect(URLEncoding.escape("!") == "%21")
        #expect(URLEncoding.escape("*'();:@&=+$,") == "%2A%27%28%29%3B%3A%40%26%3D%2B%24%2C")
        #expect(URLEncoding.escape("#[]") == "%23%5B%5D")
        #expect(URLEncoding.escape(" ") == "%20")
        #expect(URLEncoding.escape("%") == "%25")
        #expect(URLEncoding.escape("100%25") == "100%2525")
        #expect(URLEncoding.escape("\"<>\\^`{|}") == "%22%3C%3E%5C%5E%60%7B%7C%7D")
        #expect(URLEncoding.escape("\n\t") == "%0A%09")
    }

    @Test func questionMarkAndSlashStayLiteral() {
        #expect(URLEncoding.escape("/?") == "/?")
        #expect(URLEncoding.escape("a/b?c") == "a/b?c")
    }

    @Test func unreservedCharactersAreUnchanged() {
        let unreserved = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
        #expect(URLEncoding.escape(unreserved) == unreserved)
        #expect(URLEncoding.escape("").isEmpty)
    }

    @Test func reservedCharactersInKeysAndValues() throws {
        let query = try encodedQuery(["key !*'();:@&=+$,/?#[]": "!*'();:@&=+$,/?#[] %"])
        #expect(
            query
                == "key%20%21%2A%27%28%29%3B%3A%40%26%3D%2B%24%2C/?%23%5B%5D"
                + "=%21%2A%27%28%29%3B%3A%40%26%3D%2B%24%2C/?%23%5B%5D%20%25")
    }

    @Test func plusAndSpaceAreDistinct() throws {
        #expect(try encodedQuery(["q": "1 + 1 = 2"]) == "q=1%20%2B%201%20%3D%202")
        #expect(try encodedQuery(["email": "ann+shop@example.com"]) == "email=ann%2Bshop%40example.com")
    }

    @Test func escapingMatchesFoundationCharacterSet() {
        let allowed = CharacterSet.urlQueryAllowed.subtracting(CharacterSet(charactersIn: ":#[]@!$&'()*+,;="))
        var samples = (0..<128).compactMap { Unicode.Scalar($0).map { String(Character($0)) } }
        samples += ["é", "ß", "中", "🇫🇷", "\u{FEFF}", "\u{10FFFF}", "a b+c/d?e#f"]
        for sample in samples {
            #expect(URLEncoding.escape(sample) == sample.addingPercentEncoding(withAllowedCharacters: allowed))
        }
    }

    @Test func nonLatinText() throws {
        #expect(URLEncoding.escape("中文") == "%E4%B8%AD%E6%96%87")
        #expect(URLEncoding.escape("café") == "caf%C3%A9")
        #expect(URLEncoding.escape("Привет") == "%D0%9F%D1%80%D0%B8%D0%B2%D0%B5%D1%82")
        #expect(URLEncoding.escape("日本語") == "%E6%97%A5%E6%9C%AC%E8%AA%9E")
        #expect(URLEncoding.escape("한국") == "%ED%95%9C%EA%B5%AD")
        #expect(try encodedQuery(["名字": "张三"]) == "%E5%90%8D%E5%AD%97=%E5%BC%A0%E4%B8%89")
    }

    @Test func emoji() {
        #expect(URLEncoding.escape("👍") == "%F0%9F%91%8D")
        #expect(
            URLEncoding.escape("👨‍👩‍👧")
                == "%F0%9F%91%A8%E2%80%8D%F0%9F%91%A9%E2%80%8D%F0%9F%91%A7")
        #expect(URLEncoding.escape("🇫🇷") == "%F0%9F%87%AB%F0%9F%87%B7")
        #expect(URLEncoding.escape("ok👍!") == "ok%F0%9F%91%8D%21")
    }

    @Test func longCJKString() throws {
        let alphabet = Array("中文汉字测试商品购物车订单支付")
        let long = String((0..<5_000).map { alphabet[$0 % alphabet.count] })
        #expect(long.count == 5_000)
        let expected = percentEncodedBytes(long)
        #expect(expected.utf8.count == 5_000 * 9)
        #expect(URLEncoding.escape(long) == expected)
        #expect(try encodedQuery(["keyword": long, "page": 1]) == "keyword=\(expected)&page=1")
    }

    @Test func longMixedString() {
        let long = String(repeating: "ab 中+/", count: 2_000)
        let expected = String(repeating: "ab%20%E4%B8%AD%2B/", count: 2_000)
        #expect(URLEncoding.escape(long) == expected)
    }

    // MARK: - Collections

    @Test func arrayEncodings() throws {
        let parameters: [String: any Sendable] = ["ids": [1, 2, 3]]
        #expect(try encodedQuery(parameters) == "ids%5B%5D=1&ids%5B%5D=2&ids%5B%5D=3")
        #expect(try encodedQuery(parameters, encoding: URLEncoding(arrayEncoding: .noBrackets)) == "ids=1&ids=2&ids=3")
        #expect(
            try encodedQuery(parameters, encoding: URLEncoding(arrayEncoding: .indexInBrackets))
                == "ids%5B0%5D=1&ids%5B1%5D=2&ids%5B2%5D=3")
    }

    @Test func arraysKeepTheirOrder() throws {
        #expect(
            try encodedQuery(["sort": ["price", "-sales", "name"]])
                == "sort%5B%5D=price&sort%5B%5D=-sales&sort%5B%5D=name")
    }

    @Test func nestedArrays() throws {
        let parameters: [String: any Sendable] = ["a": [[1, 2], [3]]]
        #expect(try encodedQuery(parameters) == "a%5B%5D%5B%5D=1&a%5B%5D%5B%5D=2&a%5B%5D%5B%5D=3")
        #expect(
            try encodedQuery(parameters, encoding: URLEncoding(arrayEncoding: .indexInBrackets))
                == "a%5B0%5D%5B0%5D=1&a%5B0%5D%5B1%5D=2&a%5B1%5D%5B0%5D=3")
        #expect(try encodedQuery(parameters, encoding: URLEncoding(arrayEncoding: .noBrackets)) == "a=1&a=2&a=3")
    }

    @Test func nestedDictionariesAreSorted() throws {
        let user: [String: any Sendable] = [
            "name": "Ann",
            "age": 30,
            "address": ["zip": "75001", "city": "Paris"] as [String: any Sendable],
        ]
        #expect(
            try encodedQuery(["user": user])
                == "user%5Baddress%5D%5Bcity%5D=Paris&user%5Baddress%5D%5Bzip%5D=75001"
                + "&user%5Bage%5D=30&user%5Bname%5D=Ann")
    }

    @Test func arrayOfDictionaries() throws {
        let items: [[String: any Sendable]] = [["qty": 2, "id": 7], ["id": 9, "qty": 1]]
        #expect(
            try encodedQuery(["items": items])
                == "items%5B%5D%5Bid%5D=7&items%5B%5D%5Bqty%5D=2&items%5B%5D%5Bid%5D=9&items%5B%5D%5Bqty%5D=1")
        #expect(
            try encodedQuery(["items": items], encoding: URLEncoding(arrayEncoding: .indexInBrackets))
                == "items%5B0%5D%5Bid%5D=7&items%5B0%5D%5Bqty%5D=2&items%5B1%5D%5Bid%5D=9&items%5B1%5D%5Bqty%5D=1")
    }

    @Test func dictionaryOfArrays() throws {
        let filter: [String: any Sendable] = ["brand": ["acme", "zeta"], "price": [10, 20]]
        #expect(
            try encodedQuery(["filter": filter])
                == "filter%5Bbrand%5D%5B%5D=acme&filter%5Bbrand%5D%5B%5D=zeta"
                + "&filter%5Bprice%5D%5B%5D=10&filter%5Bprice%5D%5B%5D=20")
    }

    @Test func emptyCollectionsProduceNothing() throws {
        #expect(try encodedQuery(["ids": [Int](), "page": 2]) == "page=2")
        let url = "https://shop.example.com/api/goods/list?page=1"
        let encoded = try URLEncoding.default.encode(request(url), with: ["ids": [Int](), "filter": [String: Int]()])
        #expect(encoded.url?.absoluteString == url)
    }

    // MARK: - Booleans and numbers

    @Test func boolEncodings() throws {
        let parameters: [String: any Sendable] = ["onSale": true, "soldOut": false, "flags": [true, false]]
        #expect(try encodedQuery(parameters) == "flags%5B%5D=1&flags%5B%5D=0&onSale=1&soldOut=0")
        #expect(
            try encodedQuery(parameters, encoding: URLEncoding(boolEncoding: .literal))
                == "flags%5B%5D=true&flags%5B%5D=false&onSale=true&soldOut=false")
    }

    @Test func nsNumberBooleansFollowBoolEncoding() throws {
        let literal = URLEncoding(boolEncoding: .literal)
        #expect(
            try encodedQuery(["a": NSNumber(value: true), "b": NSNumber(value: false)], encoding: literal)
                == "a=true&b=false")
        #expect(try encodedQuery(["a": NSNumber(value: true)]) == "a=1")
        // Numbers that happen to be 0 or 1, even of a one-byte type, are not booleans.
        #expect(
            try encodedQuery(["a": NSNumber(value: 1), "b": NSNumber(value: Int8(1))], encoding: literal) == "a=1&b=1")
        #expect(try encodedQuery(["a": NSNumber(value: 2.5)], encoding: literal) == "a=2.5")
    }

    @Test func jsonSerializationBooleansFollowBoolEncoding() throws {
        let parsed = try JSONSerialization.jsonObject(with: Data(#"{"flag":true,"count":1,"off":false}"#.utf8))
        let object = try #require(parsed as? [String: Any])
        let encoding = URLEncoding(boolEncoding: .literal)
        let pairs = object.sorted { $0.key < $1.key }.flatMap {
            encoding.queryComponents(fromKey: $0.key, value: $0.value)
        }
        #expect(pairs.map { "\($0.0)=\($0.1)" } == ["count=1", "flag=true", "off=false"])
    }

    @Test func integersOfEveryWidth() throws {
        let parameters: [String: any Sendable] = [
            "a": Int8(-8), "b": Int16(16), "c": Int32(-32), "d": Int64.min, "e": UInt8(255),
            "f": UInt16(16), "g": UInt32(32), "h": UInt64.max, "i": Int.max, "j": UInt(7),
        ]
        #expect(
            try encodedQuery(parameters)
                == "a=-8&b=16&c=-32&d=-9223372036854775808&e=255&f=16&g=32&h=18446744073709551615"
                + "&i=9223372036854775807&j=7")
    }

    @Test func floatingPointAndDecimal() throws {
        let parameters: [String: any Sendable] = [
            "a": 2.5, "b": 1.0, "c": Float(0.1), "d": 0.1, "e": -0.5,
            "f": Decimal(string: "12.50") ?? 0, "g": Decimal(string: "0.1") ?? 0,
        ]
        #expect(try encodedQuery(parameters) == "a=2.5&b=1.0&c=0.1&d=0.1&e=-0.5&f=12.5&g=0.1")
    }

    // MARK: - nil

    @Test func nilValuesAreLeftOut() throws {
        let parameters: [String: any Sendable] = [
            "a": Int?.none, "b": Int?(3), "c": String?("x y"), "d": NSNull(), "e": String??.some(.none),
        ]
        #expect(try encodedQuery(parameters) == "b=3&c=x%20y")
        let ids: [Int?] = [1, nil, 3]
        #expect(try encodedQuery(["ids": ids]) == "ids%5B%5D=1&ids%5B%5D=3")
        #expect(
            try encodedQuery(["ids": ids], encoding: URLEncoding(arrayEncoding: .indexInBrackets))
                == "ids%5B0%5D=1&ids%5B2%5D=3")
    }

    @Test func onlyNilValuesLeaveURLUnchanged() throws {
        let encoded = try URLEncoding.default.encode(request(), with: ["a": Int?.none])
        #expect(encoded.url?.absoluteString == "https://shop.example.com/api/goods/list")
    }

    @Test func emptyStringsAreKept() throws {
        #expect(try encodedQuery(["q": "", "": "v"]) == "=v&q=")
    }

    // MARK: - Existing query and URL parts

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

    // MARK: - Destinations

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
