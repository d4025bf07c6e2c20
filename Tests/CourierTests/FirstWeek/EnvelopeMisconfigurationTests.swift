import Courier
import Foundation
import Testing

/// An envelope that does not match the bodies it reads fails loudly, naming the key it expected.
@Suite("Envelopes: a misconfigured envelope names the key it expected")
struct EnvelopeMisconfigurationTests {
    private struct Named: Decodable, Equatable {
        let name: String
    }

    private let decoder = JSONDecoder()

    @Test("a success flag configured as `success` against a body that says `succeed` is an error naming `success`")
    func misspelledFlag() {
        let envelope = JSONEnvelope(successFlagKey: "success")
        let error = #expect(throws: CourierError.self) {
            try envelope.decode(
                Named.self, from: envelopeResponse(#"{"succeed":false,"code":0,"data":{"name":"x"}}"#),
                using: decoder)
        }
        guard case .objectMapping = error else {
            Issue.record("expected .objectMapping, got \(String(describing: error))")
            return
        }
        #expect(error?.description.contains("'success'") == true)
    }

    @Test("an absent flag with a failure code is still the server's failure")
    func absentFlagFailureCode() {
        let envelope = JSONEnvelope(successFlagKey: "succeed")
        let error = #expect(throws: CourierError.self) {
            try envelope.decode(Named.self, from: envelopeResponse(#"{"code":404,"msg":"Not Found"}"#), using: decoder)
        }
        guard case .business(let code, let message, _) = error else {
            Issue.record("expected .business, got \(String(describing: error))")
            return
        }
        #expect(code == "404")
        #expect(message == "Not Found")
    }

    @Test("a nested flag path that is absent names its last key and where it was looked for")
    func absentNestedFlag() {
        let envelope = JSONEnvelope(successCodes: [], successFlagKey: "status.ok")
        let error = #expect(throws: CourierError.self) {
            try envelope.decode(
                Named.self, from: envelopeResponse(#"{"status":{},"data":{"name":"x"}}"#), using: decoder)
        }
        #expect(error?.description.contains("'ok'") == true)
        #expect(error?.description.contains("status") == true)
    }

    @Test("a missing payload names the key it looked for", arguments: ["data", "result.list"])
    func payloadMissingNamesKey(key: String) {
        let envelope = JSONEnvelope(dataKey: key)
        let error = #expect(throws: CourierError.self) {
            try envelope.decode(Named.self, from: envelopeResponse(#"{"code":0,"msg":"ok"}"#), using: decoder)
        }
        guard case .payloadMissing = error else {
            Issue.record("expected .payloadMissing, got \(String(describing: error))")
            return
        }
        #expect(error?.description.contains("`\(key)`") == true)
    }

    @Test("a failure without a message says so instead of reading as the server's text")
    func failureWithoutMessage() {
        let envelope = JSONEnvelope(messageKey: "msg")
        let error = #expect(throws: CourierError.self) {
            try envelope.decode(Named.self, from: envelopeResponse(#"{"code":7,"reason":"success"}"#), using: decoder)
        }
        guard case .business(let code, let message, _) = error else {
            Issue.record("expected .business, got \(String(describing: error))")
            return
        }
        #expect(code == "7")
        #expect(message == nil)
        #expect(error?.description == "The server reported a failure: 7 (the body has no message at `msg`)")
    }

    @Test("a failure with a message keeps the code:message description")
    func failureWithMessage() {
        let error = #expect(throws: CourierError.self) {
            try JSONEnvelope().decode(Named.self, from: envelopeResponse(#"{"code":7,"msg":"no"}"#), using: decoder)
        }
        #expect(error?.description == "The server reported a failure: 7:no")
    }

    @Test("success and expired codes can be written as integers")
    func integerCodes() throws {
        let both = JSONEnvelope(successCodes: [0, 200], expiredCodes: [911])
        let ok = try both.decode(
            Named.self, from: envelopeResponse(#"{"code":"200","data":{"name":"x"}}"#), using: decoder)
        #expect(ok.name == "x")
        let expired = #expect(throws: CourierError.self) {
            try both.decode(
                Named.self, from: envelopeResponse(#"{"code":911,"msg":"please to login"}"#), using: decoder)
        }
        guard case .sessionExpired = expired else {
            Issue.record("expected .sessionExpired, got \(String(describing: expired))")
            return
        }
        let expiredOnly = JSONEnvelope(expiredCodes: [911])
        #expect(expiredOnly.successCodes == ["0"])
        #expect(expiredOnly.expiredCodes == ["911"])
        let successOnly = JSONEnvelope(successCodes: [200])
        #expect(successOnly.successCodes == ["200"])
        #expect(successOnly.expiredCodes.isEmpty)
        #expect(JSONEnvelope(codeKey: "resultcode").successCodes == ["0"])
    }
}
