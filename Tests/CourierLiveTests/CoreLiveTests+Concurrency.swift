import Courier
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Concurrent calls and the completion-handler form.
extension CoreLiveTests {
    @Test("40 concurrent requests all succeed, each with its own answer")
    func fortyConcurrent() async throws {
        let provider = Provider<CoreBinTarget>(transport: TestTransport.make())
        let answers = try await withThrowingTaskGroup(of: (Int, String?).self) { group in
            for index in 0..<40 {
                let target = try CoreBinTarget.bin(
                    "/anything",
                    task: .requestParameters(parameters: ["i": index], encoding: URLEncoding.queryString),
                    validation: .successCodes)
                group.addTask { (index, try await provider.request(target, as: BinEcho.self).args?["i"]) }
            }
            return try await group.reduce(into: [Int: String?]()) { $0[$1.0] = $1.1 }
        }
        #expect(answers.count == 40)
        #expect(answers.allSatisfy { $0.value == String($0.key) })
    }

    @Test("the completion-handler form works against a real server")
    func completionHandler() async throws {
        let target = try CoreBinTarget.bin("/get", validation: .successCodes)
        let result = await withCheckedContinuation { continuation in
            provider.request(target) { continuation.resume(returning: $0) }
        }
        #expect(try result.get().statusCode == 200)
    }
}
