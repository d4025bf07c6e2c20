import Courier
import Foundation
import Testing

/// Expired sessions, and missing, optional and unread payloads.
extension EnvelopeDecodingTests {
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
}
