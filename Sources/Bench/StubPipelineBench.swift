import Courier
import CourierPlugins
import Foundation

/// A stubbed call through everything an app configures (endpoint closure, logger with its output
/// discarded, token and activity plugins, envelope decode) against a bare `JSONDecoder` decode
/// of the same body into the same model.
struct StubPipelineBench {
    enum ShopAPI: TargetType, AccessTokenAuthorizable {
        case goods(page: Int)
        var baseURL: URL { URL(fileURLWithPath: "/").appendingPathComponent("mall") }
        var path: String { "/mallProductsInfo/getProductList" }
        var method: HTTPMethod { .post }
        var task: RequestTask {
            switch self {
            case .goods(let page):
                .requestParameters(
                    parameters: ["pageCurrent": page, "pageSize": 10, "categoryId": 3], encoding: URLEncoding.httpBody)
            }
        }
        var sampleData: Data { StubPipelineBench.body }
        var authorizationType: AuthorizationType? { .bearer }
    }

    static let body = BenchBodies.envelopedPage(approximateBytes: 1000)

    struct Result {
        let courierMicros: Double
        let bareMicros: Double
        var ratio: Double { courierMicros / bareMicros }
    }

    static func makeProvider() -> Provider<ShopAPI> {
        Provider<ShopAPI>(
            endpointClosure: { target in
                Provider.defaultEndpointMapping(for: target)
                    .adding(newHTTPHeaderFields: ["platform": "iOS", "sys_ver": "17.4"])
                    .adding(parameters: ["uid": "10086"])
            },
            stubClosure: Provider.immediatelyStub,
            plugins: [
                NetworkLoggerPlugin(configuration: .init(output: { _, _ in }, logOptions: .verbose)),
                AccessTokenPlugin(tokenClosure: { _ in "eyJhbGciOiJIUzI1NiJ9.demo.token" }),
                NetworkActivityPlugin(networkActivityClosure: { _, _ in }),
            ],
            envelope: JSONEnvelope())
    }

    static func run(iterations: Int, rounds: Int) async -> Result {
        let provider = makeProvider()
        let decoder = JSONDecoder()
        var courier: [Double] = []
        var bare: [Double] = []
        _ = try? await provider.request(.goods(page: 1), as: BenchPage.self)
        for _ in 0..<rounds {
            courier.append(
                await Stopwatch.time {
                    for page in 0..<iterations {
                        _ = try? await provider.request(.goods(page: page), as: BenchPage.self)
                    }
                } / Double(iterations) * 1e6)
            bare.append(
                await Stopwatch.time {
                    for _ in 0..<iterations {
                        _ = try? decoder.decode(BenchEnvelope<BenchPage>.self, from: body)
                    }
                } / Double(iterations) * 1e6)
        }
        return Result(courierMicros: Stopwatch.median(courier), bareMicros: Stopwatch.median(bare))
    }

    /// Runs `count` stubbed calls and nothing else: the workload `valgrind --tool=callgrind` counts.
    static func runOnly(count: Int) async {
        let provider = makeProvider()
        for page in 0..<count {
            _ = try? await provider.request(.goods(page: page), as: BenchPage.self)
        }
    }
}

/// Peak memory after a warm-up and after many stubbed calls.
struct MemoryBench {
    struct Result {
        let afterWarmUp: Int
        let afterCalls: Int
        let calls: Int
        var growth: Int { afterCalls - afterWarmUp }
    }

    static func run(calls: Int) async -> Result? {
        let provider = StubPipelineBench.makeProvider()
        for page in 0..<2_000 { _ = try? await provider.request(.goods(page: page), as: BenchPage.self) }
        guard let warm = ProcessMemory.residentBytes else { return nil }
        for page in 0..<calls { _ = try? await provider.request(.goods(page: page), as: BenchPage.self) }
        guard let after = ProcessMemory.residentBytes else { return nil }
        return Result(afterWarmUp: warm, afterCalls: after, calls: calls)
    }
}
