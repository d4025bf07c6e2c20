import Courier
import Foundation
import Testing

/// Bodies of the wrong shape: mismatched payloads, non-JSON and non-envelope bodies, missing codes.
extension EnvelopeDecodingTests {
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
}
