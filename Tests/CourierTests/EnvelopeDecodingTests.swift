import Courier
import Foundation
import Testing

/// `JSONEnvelope` called directly on responses: every shape, status and failure.
@Suite("JSONEnvelope decoding")
struct EnvelopeDecodingTests {
    private struct Named: Decodable, Equatable {
        let name: String
    }

    private let decoder = JSONDecoder()

    // MARK: codes compared as strings

    @Test(
        "codes match whether sent as numbers or strings",
        arguments: [
            (#"{"code":0,"msg":"ok","data":{"name":"x"}}"#, "0"),
            (#"{"code":"0","msg":"ok","data":{"name":"x"}}"#, "0"),
            (#"{"code":0.0,"msg":"ok","data":{"name":"x"}}"#, "0"),
            (#"{"code":200,"msg":"ok","data":{"name":"x"}}"#, "200"),
            (#"{"code":"200","msg":"ok","data":{"name":"x"}}"#, "200"),
            (#"{"code":200.0,"msg":"ok","data":{"name":"x"}}"#, "200"),
            (#"{"code":-1,"msg":"ok","data":{"name":"x"}}"#, "-1"),
            (#"{"code":true,"msg":"ok","data":{"name":"x"}}"#, "true"),
        ])
    func codesAsStrings(body: String, successCode: String) throws {
        let envelope = JSONEnvelope(successCodes: [successCode])
        let value = try envelope.decode(Named.self, from: envelopeResponse(body), using: decoder)
        #expect(value == Named(name: "x"))
    }

    @Test("a failure code is a business error with the server's message, payload not decoded")
    func failureCode() {
        // The failure's `data` has another shape than the payload: it must not be decoded.
        let body = #"{"succeed":false,"code":919,"msg":"库存不足","data":"no stock"}"#
        let error = #expect(throws: CourierError.self) {
            try Dialects.shop.decode(Named.self, from: envelopeResponse(body), using: decoder)
        }
        guard case .business(let code, let message, let response) = error else {
            Issue.record("expected .business, got \(String(describing: error))")
            return
        }
        #expect(code == "919")
        #expect(message == "库存不足")
        #expect(response.data == Data(body.utf8))
        #expect(error?.description == "The server reported a failure: 919:库存不足")
    }

    @Test("a fractional code keeps its fraction and does not match an integer code")
    func fractionalCode() {
        let error = #expect(throws: CourierError.self) {
            try JSONEnvelope().decode(Named.self, from: envelopeResponse(#"{"code":0.5,"data":{}}"#), using: decoder)
        }
        guard case .business(let code, let message, _) = error else {
            Issue.record("expected .business, got \(String(describing: error))")
            return
        }
        #expect(code == "0.5")
        #expect(message == nil)
    }

    // MARK: the success flag

    @Test("succeed: false fails even with a success code")
    func succeedFalse() {
        let body = #"{"succeed":false,"code":0,"msg":"操作失败","data":null}"#
        let error = #expect(throws: CourierError.self) {
            try Dialects.shop.decode(Named?.self, from: envelopeResponse(body), using: decoder)
        }
        guard case .business(let code, let message, _) = error else {
            Issue.record("expected .business, got \(String(describing: error))")
            return
        }
        #expect(code == "0")
        #expect(message == "操作失败")
    }

    @Test(
        "flags as booleans, numbers and strings",
        arguments: [
            ("true", true), ("false", false), ("1", true), ("0", false), (#""true""#, true), (#""false""#, false),
            (#""0""#, false),
        ])
    func flagForms(flag: String, succeeds: Bool) throws {
        let body = #"{"succeed":\#(flag),"code":0,"data":{"name":"x"}}"#
        let result = Result { try Dialects.shop.decode(Named.self, from: envelopeResponse(body), using: decoder) }
        #expect(((try? result.get()) != nil) == succeeds)
    }

    @Test("without the flag in the body, a failure code still decides; a success needs the flag")
    func flagAbsent() throws {
        let error = #expect(throws: CourierError.self) {
            try Dialects.shop.decode(
                Named.self, from: envelopeResponse(#"{"code":404,"msg":"Not Found"}"#), using: decoder)
        }
        #expect(error?.code == 5001)
        let unconfirmed = #expect(throws: CourierError.self) {
            try Dialects.shop.decode(
                Named.self, from: envelopeResponse(#"{"code":0,"data":{"name":"x"}}"#), using: decoder)
        }
        #expect(unconfirmed?.description.contains("'succeed'") == true)
    }

    @Test("a flag of an unusable type is a shape error naming the flag")
    func flagWrongType() {
        let error = #expect(throws: CourierError.self) {
            try Dialects.shop.decode(
                Named.self, from: envelopeResponse(#"{"succeed":"maybe","code":0,"data":{"name":"x"}}"#),
                using: decoder)
        }
        guard case .objectMapping = error else {
            Issue.record("expected .objectMapping, got \(String(describing: error))")
            return
        }
        #expect(error?.description.contains("succeed") == true)
    }

    @Test("with no success codes, the flag alone decides")
    func flagOnly() throws {
        let envelope = JSONEnvelope(successCodes: [], successFlagKey: "success")
        let ok = try envelope.decode(
            Named.self, from: envelopeResponse(#"{"success":true,"data":{"name":"x"}}"#), using: decoder)
        #expect(ok.name == "x")
        let error = #expect(throws: CourierError.self) {
            try envelope.decode(
                Named.self, from: envelopeResponse(#"{"success":false,"code":12,"msg":"no"}"#), using: decoder)
        }
        guard case .business(let code, let message, _) = error else {
            Issue.record("expected .business, got \(String(describing: error))")
            return
        }
        #expect(code == "12")
        #expect(message == "no")
    }

    // MARK: expired sessions

    @Test("an expired code is sessionExpired, even when the flag says false too")
    func expiredCode() {
        for body in [#"{"code":916,"msg":"token expired"}"#, #"{"succeed":false,"code":"915","msg":"not logged in"}"#] {
            let error = #expect(throws: CourierError.self) {
                try Dialects.shop.decode(Named.self, from: envelopeResponse(body), using: decoder)
            }
            guard case .sessionExpired(let response) = error else {
                Issue.record("expected .sessionExpired for \(body), got \(String(describing: error))")
                continue
            }
            #expect(response.data == Data(body.utf8))
        }
    }

    // MARK: missing payloads

    @Test(
        "a missing or null payload is payloadMissing",
        arguments: [
            #"{"succeed":true,"code":0,"msg":"查询成功"}"#,
            #"{"succeed":true,"code":0,"msg":"查询成功","data":null}"#,
        ])
    func payloadMissing(body: String) {
        let error = #expect(throws: CourierError.self) {
            try Dialects.shop.decode(Named.self, from: envelopeResponse(body), using: decoder)
        }
        guard case .payloadMissing(let response) = error else {
            Issue.record("expected .payloadMissing, got \(String(describing: error))")
            return
        }
        #expect(response.data == Data(body.utf8))
    }

    @Test(
        "an optional payload type turns a missing or null payload into nil",
        arguments: [#"{"code":0}"#, #"{"code":0,"data":null}"#, #"{"code":0,"result":null}"#])
    func optionalPayload(body: String) throws {
        let plain = try JSONEnvelope().decode(Named?.self, from: envelopeResponse(body), using: decoder)
        #expect(plain == nil)
        let nested = try JSONEnvelope(dataKey: "result.list").decode(
            [Int]?.self, from: envelopeResponse(body), using: decoder)
        #expect(nested == nil)
        let ignored = try JSONEnvelope().decode(IgnoredPayload?.self, from: envelopeResponse(body), using: decoder)
        #expect(ignored == nil)
    }

    @Test("an optional payload type still decodes a present payload")
    func optionalPresent() throws {
        let value = try JSONEnvelope().decode(
            Named?.self, from: envelopeResponse(#"{"code":0,"data":{"name":"x"}}"#), using: decoder)
        #expect(value == Named(name: "x"))
    }

    @Test("validate checks the status and accepts any payload, or none")
    func validate() throws {
        for body in [#"{"code":0}"#, #"{"code":0,"data":[1,"two",{"three":3}]}"#, #"{"code":0,"data":"t"}"#] {
            try JSONEnvelope().validate(envelopeResponse(body), using: decoder)
        }
        #expect(throws: CourierError.self) {
            try JSONEnvelope().validate(envelopeResponse(#"{"code":1,"msg":"no"}"#), using: decoder)
        }
    }

    // MARK: key paths

    @Test("the payload can sit at a nested key path")
    func nestedDataKey() throws {
        let envelope = JSONEnvelope(dataKey: "result.list")
        let list = try envelope.decode(
            [Int].self, from: envelopeResponse(#"{"code":0,"msg":"ok","result":{"list":[1,2,3]}}"#), using: decoder)
        #expect(list == [1, 2, 3])
    }

    @Test("a missing intermediate object is a missing payload; a non-object one is a shape error")
    func nestedDataKeyFailures() {
        let envelope = JSONEnvelope(dataKey: "result.list")
        let missing = #expect(throws: CourierError.self) {
            try envelope.decode([Int].self, from: envelopeResponse(#"{"code":0,"other":1}"#), using: decoder)
        }
        #expect(missing?.code == 5002)
        let wrong = #expect(throws: CourierError.self) {
            try envelope.decode([Int].self, from: envelopeResponse(#"{"code":0,"result":[1]}"#), using: decoder)
        }
        guard case .objectMapping = wrong else {
            Issue.record("expected .objectMapping, got \(String(describing: wrong))")
            return
        }
        #expect(wrong?.description.contains("result") == true)
    }

    @Test("code, message and flag can sit at nested key paths too")
    func nestedStatusKeys() throws {
        let envelope = JSONEnvelope(
            codeKey: "status.code", messageKey: "status.message", dataKey: "body", successCodes: ["OK"],
            successFlagKey: "status.ok")
        let ok = try envelope.decode(
            Named.self,
            from: envelopeResponse(#"{"status":{"code":"OK","ok":true},"body":{"name":"x"}}"#), using: decoder)
        #expect(ok.name == "x")
        let error = #expect(throws: CourierError.self) {
            try envelope.decode(
                Named.self, from: envelopeResponse(#"{"status":{"code":"E42","message":"quota"}}"#), using: decoder)
        }
        guard case .business(let code, let message, _) = error else {
            Issue.record("expected .business, got \(String(describing: error))")
            return
        }
        #expect(code == "E42")
        #expect(message == "quota")
    }

    @Test("an empty data key decodes the whole body as the payload")
    func wholeBodyPayload() throws {
        let value = try JSONEnvelope(dataKey: "").decode(
            Named.self, from: envelopeResponse(#"{"code":0,"name":"x"}"#), using: decoder)
        #expect(value.name == "x")
    }

    @Test("a message of an unexpected type is ignored, not an error")
    func oddMessage() {
        let error = #expect(throws: CourierError.self) {
            try JSONEnvelope().decode(Named.self, from: envelopeResponse(#"{"code":3,"msg":{"a":1}}"#), using: decoder)
        }
        guard case .business(let code, let message, _) = error else {
            Issue.record("expected .business, got \(String(describing: error))")
            return
        }
        #expect(code == "3")
        #expect(message == nil)
    }

    // MARK: bodies of the wrong shape

    @Test("a payload of the wrong shape is objectMapping naming the failing path")
    func wrongShape() {
        let body = #"""
            {"code":0,"data":{"records":[{"name":"a"},{"name":7}]}}
            """#
        struct Listing: Decodable {
            let records: [Named]
        }
        let error = #expect(throws: CourierError.self) {
            try JSONEnvelope().decode(Listing.self, from: envelopeResponse(body), using: decoder)
        }
        guard case .objectMapping(let underlying, let response) = error else {
            Issue.record("expected .objectMapping, got \(String(describing: error))")
            return
        }
        #expect(underlying is DecodingError)
        #expect(response.data == Data(body.utf8))
        #expect(error?.description.contains("data.records[1].name") == true)
    }

    @Test("a string where an object is expected is objectMapping at data")
    func stringForObject() {
        let body = #"{"succeed":true,"code":0,"msg":"查询成功","data":"not-an-object"}"#
        let error = #expect(throws: CourierError.self) {
            try Dialects.shop.decode(Goods.self, from: envelopeResponse(body), using: decoder)
        }
        #expect(error?.code == 4003)
        #expect(error?.description.contains("at data") == true)
    }

    @Test(
        "a body that is not JSON is jsonMapping, body kept",
        arguments: ["please to login", "<html><body>Internal Server Error</body></html>", "", "{\"code\":0,"])
    func notJSON(body: String) {
        let error = #expect(throws: CourierError.self) {
            try JSONEnvelope().decode(Named.self, from: envelopeResponse(body, status: 500), using: decoder)
        }
        guard case .jsonMapping(let response) = error else {
            Issue.record("expected .jsonMapping, got \(String(describing: error))")
            return
        }
        #expect(response.data == Data(body.utf8))
        #expect(response.statusCode == 500)
    }

    @Test(
        "JSON that is not an object, or has neither code nor flag, is objectMapping",
        arguments: [
            #"[1,2,3]"#, #""please to login""#, #"{"data":{"name":"x"}}"#,
        ])
    func notAnEnvelope(body: String) {
        let error = #expect(throws: CourierError.self) {
            try JSONEnvelope().decode(Named.self, from: envelopeResponse(body), using: decoder)
        }
        #expect(error?.code == 4003)
    }

    @Test("a missing code is described by its key")
    func missingCodeDescription() {
        let error = #expect(throws: CourierError.self) {
            try JSONEnvelope(codeKey: "resultcode").decode(
                Named.self, from: envelopeResponse(#"{"data":{"name":"x"}}"#), using: decoder)
        }
        #expect(error?.description.contains("missing key 'resultcode'") == true)
    }

    // MARK: the caller's decoder

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
