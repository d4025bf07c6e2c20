import Courier
import Foundation
import Testing

@Suite("Stress")
struct StressTests {
    enum PingAPI: TargetType {
        case ping(Int)
        var baseURL: URL { URL(fileURLWithPath: "/").appendingPathComponent("ping") }
        var path: String { "" }
        var method: HTTPMethod { .get }
        var task: RequestTask {
            switch self {
            case .ping(let number): .requestParameters(parameters: ["n": number], encoding: URLEncoding.queryString)
            }
        }
        var sampleData: Data { Data(#"{"ok":true}"#.utf8) }
    }

    struct Pong: Decodable { let ok: Bool }

    @Test("10,000 stubbed calls from 100 tasks all succeed")
    func tenThousandStubbedCalls() async throws {
        let provider = Provider<PingAPI>(stubClosure: Provider.immediatelyStub)
        let successes = try await withThrowingTaskGroup(of: Int.self) { group in
            for task in 0..<100 {
                group.addTask {
                    var ok = 0
                    for call in 0..<100 where try await provider.request(.ping(task * 100 + call), as: Pong.self).ok {
                        ok += 1
                    }
                    return ok
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(successes == 10_000)
    }
}
