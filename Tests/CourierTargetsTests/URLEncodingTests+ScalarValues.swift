import CourierTargets
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Booleans, numbers, nil and empty values.
extension URLEncodingTests {
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
}
