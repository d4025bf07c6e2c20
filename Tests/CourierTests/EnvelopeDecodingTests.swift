import Courier
import Foundation
import Testing

/// `JSONEnvelope` called directly on responses: every shape, status and failure.
@Suite("JSONEnvelope decoding")
struct EnvelopeDecodingTests {
    struct Named: Decodable, Equatable {
        let name: String
    }

    let decoder = JSONDecoder()

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
}
