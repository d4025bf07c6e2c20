import Courier
import Foundation
import Testing

/// Payload, code, message and flag at nested or empty key paths.
extension EnvelopeDecodingTests {
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
}
