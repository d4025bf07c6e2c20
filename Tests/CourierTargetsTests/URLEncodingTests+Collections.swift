import CourierTargets
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Arrays and dictionaries, nested and empty.
extension URLEncodingTests {
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
}
