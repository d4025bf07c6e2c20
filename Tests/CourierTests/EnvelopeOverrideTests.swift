import Courier
import Foundation
import Testing

/// Per-target envelopes: `EnvelopeOverriding`.
@Suite("Per-target envelope override")
struct EnvelopeOverrideTests {
    private struct Whole: Decodable {
        let code: Int
        let msg: String
    }

    private static let failure = #"{"code":919,"msg":"库存不足"}"#

    @Test(".inherited uses the provider's envelope")
    func inherited() async {
        let provider = Provider<CannedTarget>.answering(Self.failure, envelope: JSONEnvelope())
        let error = await courierError { try await provider.request(CannedTarget(envelope: .inherited)) }
        #expect(error?.code == 5001)
    }

    @Test(".raw skips the envelope: no status check, the whole body decoded")
    func raw() async throws {
        let provider = Provider<CannedTarget>.answering(Self.failure, envelope: JSONEnvelope())
        let target = CannedTarget(envelope: .raw)
        #expect(try await provider.request(target).statusCode == 200)
        let whole = try await provider.request(target, as: Whole.self)
        #expect(whole.code == 919)
        #expect(whole.msg == "库存不足")
    }

    @Test(".custom replaces the provider's envelope, or supplies one where the provider has none")
    func custom() async throws {
        let body = #"{"resultcode":"200","reason":"success","result":[1,2]}"#
        let target = CannedTarget(envelope: .custom(Dialects.rank))
        for providerEnvelope in [JSONEnvelope(), nil] as [(any ResponseEnvelope)?] {
            let provider = Provider<CannedTarget>.answering(body, envelope: providerEnvelope)
            #expect(try await provider.request(target, as: [Int].self) == [1, 2])
        }
    }

    @Test("the override is seen through MultiTarget")
    func throughMultiTarget() async throws {
        let provider = Provider<MultiTarget>.answering(Self.failure, envelope: JSONEnvelope())
        let raw = try await provider.request(.target(CannedTarget(envelope: .raw)), as: Whole.self)
        #expect(raw.code == 919)
        let error = await courierError { try await provider.request(.target(CannedTarget())) }
        #expect(error?.code == 5001)
    }
}
