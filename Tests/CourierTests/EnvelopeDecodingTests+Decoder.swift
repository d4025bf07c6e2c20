import Courier
import Foundation
import Testing

/// The caller's decoder, concurrent decoding of different layouts, and envelope equality.
extension EnvelopeDecodingTests {
    @Test("the caller's decoder and its strategies are used, and it is not mutated")
    func usesCallerDecoder() throws {
        struct Stamped: Decodable, Equatable {
            let createdAt: Date
            let productName: String
        }
        let custom = JSONDecoder()
        custom.dateDecodingStrategy = .secondsSince1970
        custom.keyDecodingStrategy = .convertFromSnakeCase
        let body = #"{"code":0,"data":{"created_at":86400,"product_name":"Tea"}}"#
        let value = try JSONEnvelope().decode(Stamped.self, from: envelopeResponse(body), using: custom)
        #expect(value == Stamped(createdAt: Date(timeIntervalSince1970: 86_400), productName: "Tea"))
        #expect(custom.userInfo.isEmpty)
    }

    @Test("envelopes with different layouts decode concurrently without mixing them up")
    func concurrentLayouts() async throws {
        let shopBody = envelopeResponse(#"{"succeed":true,"code":0,"data":{"name":"shop"}}"#)
        let rankBody = envelopeResponse(#"{"resultcode":"200","reason":"success","result":{"name":"rank"}}"#)
        let shared = JSONDecoder()
        let names = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<200 {
                group.addTask {
                    if index.isMultiple(of: 2) {
                        return try Dialects.shop.decode(Named.self, from: shopBody, using: shared).name == "shop"
                    }
                    return try Dialects.rank.decode(Named.self, from: rankBody, using: shared).name == "rank"
                }
            }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(names.count == 200)
        #expect(names.allSatisfy { $0 })
    }

    @Test("envelopes compare by configuration")
    func equality() {
        #expect(JSONEnvelope() == JSONEnvelope(codeKey: "code", messageKey: "msg", dataKey: "data"))
        #expect(JSONEnvelope() != JSONEnvelope(successFlagKey: "succeed"))
        #expect(Dialects.rank.codeKey == "resultcode")
        #expect(Dialects.shop.successFlagKey == "succeed")
    }
}
