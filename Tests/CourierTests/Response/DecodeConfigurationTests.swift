import Courier
import Foundation
import Testing

/// An envelope's layout and a key path reach the decode with the decode itself: one shared
/// `JSONDecoder` serves several layouts and paths at once, and comes back as it was.
@Suite("Envelope layouts and key paths travel with the decode")
struct DecodeConfigurationTests {
    private struct Item: Decodable, Equatable {
        let name: String
    }

    /// The same item under two dialects' keys.
    private static let plain = Response(statusCode: 200, data: Data(#"{"code":0,"msg":"ok","data":{"name":"a"}}"#.utf8))
    private static let nested = Response(
        statusCode: 200, data: Data(#"{"status":{"code":"200"},"result":{"list":{"name":"b"}}}"#.utf8))

    @Test("two layouts on one shared decoder, concurrently, each decode with its own")
    func concurrentLayouts() async throws {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .useDefaultKeys
        let first = JSONEnvelope()
        let second = JSONEnvelope(codeKey: "status.code", dataKey: "result.list", successCodes: ["200"])
        let names = try await withThrowingTaskGroup(of: [String].self) { group in
            for index in 0..<8 {
                group.addTask {
                    var names: [String] = []
                    for _ in 0..<50 {
                        if index.isMultiple(of: 2) {
                            names.append(try first.decode(Item.self, from: Self.plain, using: decoder).name)
                        } else {
                            names.append(try second.decode(Item.self, from: Self.nested, using: decoder).name)
                        }
                    }
                    return names
                }
            }
            return try await group.reduce(into: [String]()) { $0 += $1 }
        }
        #expect(names.filter { $0 == "a" }.count == 200)
        #expect(names.filter { $0 == "b" }.count == 200)
        #expect(decoder.userInfo.isEmpty, "the caller's decoder carries nothing of the layouts")
    }

    @Test("key paths of different depths on one shared decoder, concurrently")
    func concurrentKeyPaths() async throws {
        let decoder = JSONDecoder()
        let response = Response(statusCode: 200, data: Data(#"{"a":{"name":"x"},"b":{"c":{"name":"y"}}}"#.utf8))
        let names = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<200 {
                group.addTask {
                    let path = index.isMultiple(of: 2) ? "a" : "b.c"
                    return try response.map(Item.self, atKeyPath: path, using: decoder).name
                }
            }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(names.filter { $0 == "x" }.count == 100)
        #expect(names.filter { $0 == "y" }.count == 100)
        #expect(decoder.userInfo.isEmpty)
    }

    @Test("an envelope's payload decoded inside another envelope's payload keeps each layout")
    func nestedEnvelopes() throws {
        // The outer payload decodes an inner envelope of another layout from a string field, in
        // the middle of the outer decode.
        struct Outer: Decodable {
            let inner: Item
            init(from decoder: any Decoder) throws {
                let raw = try decoder.singleValueContainer().decode(String.self)
                let response = Response(statusCode: 200, data: Data(raw.utf8))
                inner = try JSONEnvelope(codeKey: "rc", dataKey: "body", successCodes: ["1"])
                    .decode(Item.self, from: response, using: JSONDecoder())
            }
        }
        let body = #"{"code":0,"msg":"ok","data":"{\"rc\":1,\"body\":{\"name\":\"n\"}}"}"#
        let outer = try JSONEnvelope().decode(
            Outer.self, from: Response(statusCode: 200, data: Data(body.utf8)), using: JSONDecoder())
        #expect(outer.inner == Item(name: "n"))
    }
}
