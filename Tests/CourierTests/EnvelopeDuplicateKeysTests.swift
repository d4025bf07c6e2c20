import Courier
import Foundation
import Testing

/// What Foundation's `JSONDecoder` does with a key that appears twice in one object, which the
/// envelope docs state: the envelope has no rule of its own, it reads what the decoder reads.
@Suite("Envelopes: duplicate JSON keys")
struct EnvelopeDuplicateKeysTests {
    private struct Pair: Decodable, Equatable {
        let a: Int
    }

    @Test("JSONDecoder keeps the first of two equal keys")
    func decoderKeepsTheLast() throws {
        let pair = try JSONDecoder().decode(Pair.self, from: Data(#"{"a":1,"a":2}"#.utf8))
        #expect(pair == Pair(a: 1))
    }

    @Test("an envelope reads the first code: a failure code before a success code fails")
    func firstCodeWins() throws {
        let failing = envelopeResponse(#"{"code":919,"msg":"sold out","data":7,"code":0,"msg":"ok"}"#)
        #expect(throws: CourierError.self) { try JSONEnvelope().decode(Int.self, from: failing, using: JSONDecoder()) }
        do {
            _ = try JSONEnvelope().decode(Int.self, from: failing, using: JSONDecoder())
        } catch CourierError.business(let code, let message, _) {
            #expect(code == "919")
            #expect(message == "sold out")
        }
        let passing = envelopeResponse(#"{"code":0,"data":7,"code":919}"#)
        #expect(try JSONEnvelope().decode(Int.self, from: passing, using: JSONDecoder()) == 7)
    }

    @Test("an envelope decodes the first data")
    func firstDataWins() throws {
        let response = envelopeResponse(#"{"code":0,"data":1,"data":2}"#)
        #expect(try JSONEnvelope().decode(Int.self, from: response, using: JSONDecoder()) == 1)
    }
}
