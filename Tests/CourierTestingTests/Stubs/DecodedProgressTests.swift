import CourierTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `requestWithProgress(_:as:)`: the steps of a transfer, then the payload decoded through the
/// provider's envelope, as `request(_:as:)` decodes it.
@Suite("requestWithProgress(_:as:)")
struct DecodedProgressTests {
    private struct Receipt: Decodable, Equatable, Sendable {
        var id: Int
        var productName: String
    }

    @Test("growing steps, then one completed step with the decoded payload and the response")
    func decodesThroughTheEnvelope() async throws {
        let file = try Self.file(bytes: 1_000)
        defer { try? FileManager.default.removeItem(at: file) }
        let stubs = StubTransport()
        stubs.when(.path("/upload")).respond(json: shopJSON(#"{"id":7,"productName":"Rice cooker"}"#))
        let provider = Provider<TransferAPI>(transport: stubs, envelope: shopEnvelope)

        var steps: [DecodedProgressResponse<Receipt>] = []
        for try await step in provider.requestWithProgress(.upload(file), as: Receipt.self) { steps.append(step) }

        let last = try #require(steps.last)
        #expect(last.completed)
        #expect(last.value == Receipt(id: 7, productName: "Rice cooker"))
        #expect(last.response?.statusCode == 200)
        #expect(last.progress == 1)
        let running = steps.dropLast()
        #expect(running.count >= 4)
        #expect(running.allSatisfy { $0.value == nil && !$0.completed })
        #expect(zip(running, running.dropFirst()).allSatisfy { $0.progress < $1.progress })
    }

    @Test("a business failure in the envelope ends the stream with that error, after the steps")
    func envelopeFailure() async throws {
        let file = try Self.file(bytes: 100)
        defer { try? FileManager.default.removeItem(at: file) }
        let stubs = StubTransport()
        stubs.when(.path("/upload")).respond(json: #"{"succeed":false,"code":919,"msg":"库存不足"}"#)
        let provider = Provider<TransferAPI>(transport: stubs, envelope: shopEnvelope)

        var steps = 0
        do {
            for try await step in provider.requestWithProgress(.upload(file), as: Receipt.self) {
                #expect(!step.completed)
                steps += 1
            }
            Issue.record("expected a business failure")
        } catch CourierError.business(let code, let message, _) {
            #expect(code == "919")
            #expect(message == "库存不足")
        }
        #expect(steps >= 4)
    }

    @Test("a payload of the wrong shape fails as request(_:as:) does, with the coding path")
    func wrongShape() async throws {
        let stubs = StubTransport()
        stubs.when(.path("/report.pdf")).respond(json: shopJSON(#"{"id":"seven"}"#))
        let provider = Provider<TransferAPI>(transport: stubs, envelope: shopEnvelope)

        await #expect {
            for try await _ in provider.requestWithProgress(.data, as: Receipt.self) {}
        } throws: { error in
            guard case .objectMapping(_, let response)? = error as? CourierError else { return false }
            return response.statusCode == 200
        }
    }

    @Test("a provider stubbing from sampleData decodes its sample through the envelope")
    func stubbedProvider() async throws {
        struct User: Decodable, Sendable { var user: String }
        let sampled = Provider<ShopAPI>(stubClosure: Provider.immediatelyStub, envelope: shopEnvelope)
        var last: DecodedProgressResponse<User>?
        for try await step in sampled.requestWithProgress(.me, as: User.self) { last = step }
        #expect(last?.value?.user == "sample")
    }

    private static func file(bytes: Int) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-dp-\(UUID().uuidString).bin")
        try Data(repeating: 5, count: bytes).write(to: file)
        return file
    }
}
