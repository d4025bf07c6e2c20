import Courier
import CourierPlugins
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A stubbed call through everything an app configures (endpoint closure, logger with its output
/// discarded, token and activity plugins, envelope decode) against a bare `JSONDecoder` decode
/// of the same body into the same model.
struct StubPipelineBench {
    /// How the logger's output discards the lines.
    enum LoggerOutput {
        /// A `lazyOutput` that never asks for the lines: nothing is formatted.
        case lazy
        /// An `output` that receives the formatted lines and drops them.
        case eager
    }

    enum ShopAPI: TargetType, AccessTokenAuthorizable {
        case goods(page: Int)
        // Parsed on every access, as app targets usually write it.
        var baseURL: URL { URL(string: "https://mall.example.com/api") ?? URL(fileURLWithPath: "/") }
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
        let eagerLoggerMicros: Double
        let bareMicros: Double
        let floorMicros: Double
        var ratio: Double { courierMicros / bareMicros }
        var eagerLoggerRatio: Double { eagerLoggerMicros / bareMicros }
        var floorRatio: Double { floorMicros / bareMicros }
    }

    /// A part of the pipeline that `--without` leaves out, to measure what it costs.
    enum Part: String, CaseIterable {
        case logger, token, activity
        /// The endpoint closure's extra headers and common parameter.
        case endpoint
    }

    static func makeProvider(logger: LoggerOutput = .lazy, without: Set<Part> = []) -> Provider<ShopAPI> {
        let configuration: NetworkLoggerPlugin.Configuration =
            switch logger {
            case .lazy: .init(lazyOutput: { _, _ in }, logOptions: .verbose)
            case .eager: .init(output: { _, _ in }, logOptions: .verbose)
            }
        var plugins: [any PluginType] = []
        if !without.contains(.logger) { plugins.append(NetworkLoggerPlugin(configuration: configuration)) }
        if !without.contains(.token) {
            plugins.append(AccessTokenPlugin(tokenClosure: { _ in "eyJhbGciOiJIUzI1NiJ9.demo.token" }))
        }
        if !without.contains(.activity) { plugins.append(NetworkActivityPlugin(networkActivityClosure: { _, _ in })) }
        let extras = !without.contains(.endpoint)
        return Provider<ShopAPI>(
            endpointClosure: { target in
                let endpoint = Provider.defaultEndpointMapping(for: target)
                guard extras else { return endpoint }
                return endpoint.adding(newHTTPHeaderFields: ["platform": "iOS", "sys_ver": "17.4"])
                    .adding(parameters: ["uid": "10086"])
            },
            stubClosure: Provider.immediatelyStub,
            plugins: plugins,
            envelope: JSONEnvelope())
    }

    static func run(iterations: Int, rounds: Int) async -> Result {
        let provider = makeProvider()
        let eager = makeProvider(logger: .eager)
        let decoder = JSONDecoder()
        _ = try? await provider.request(.goods(page: 1), as: BenchPage.self)
        _ = try? await eager.request(.goods(page: 1), as: BenchPage.self)
        enum Kind: CaseIterable { case courier, bare, eager, floor }
        var micros: [Kind: [Double]] = [:]
        let orders = BalancedOrder.rounds(of: Kind.allCases)
        for round in 0..<rounds {
            for kind in orders[round % orders.count] {
                let seconds = await Stopwatch.time {
                    for page in 0..<iterations {
                        switch kind {
                        case .courier: _ = try? await provider.request(.goods(page: page), as: BenchPage.self)
                        case .bare: _ = try? decoder.decode(BenchEnvelope<BenchPage>.self, from: body)
                        case .eager: _ = try? await eager.request(.goods(page: page), as: BenchPage.self)
                        case .floor: _ = handWritten(page: page, decoder: decoder)
                        }
                    }
                }
                micros[kind, default: []].append(seconds / Double(iterations) * 1e6)
            }
        }
        return Result(
            courierMicros: Stopwatch.median(micros[.courier] ?? []),
            eagerLoggerMicros: Stopwatch.median(micros[.eager] ?? []),
            bareMicros: Stopwatch.median(micros[.bare] ?? []), floorMicros: Stopwatch.median(micros[.floor] ?? []))
    }

    /// The least a pipeline that hands plugins a `URLRequest` must do for this call, by hand with
    /// Foundation alone and its cheapest calls: parse the target's URL, build the POST request with
    /// its form body and the endpoint closure's headers, copy it as a token plugin returns it with
    /// one more header (set through the header dictionary: `setValue(_:forHTTPHeaderField:)` costs
    /// some 20,000 instructions more on Linux), and decode the body. Courier's own work is what the
    /// pipeline costs above this.
    static func handWritten(page: Int, decoder: JSONDecoder) -> BenchPage? {
        let target = ShopAPI.goods(page: page)
        guard let url = URL(string: target.baseURL.absoluteString + target.path) else { return nil }
        var request = URLRequest(url: url)
        request.httpMethod = target.method.rawValue
        request.allHTTPHeaderFields = [
            "Content-Type": "application/x-www-form-urlencoded; charset=utf-8", "platform": "iOS", "sys_ver": "17.4",
        ]
        request.httpBody = Data("categoryId=3&pageCurrent=\(page)&pageSize=10&uid=10086".utf8)
        // A plugin is handed the request and returns a changed copy: the original stays alive.
        var signed = request
        var headers = signed.allHTTPHeaderFields ?? [:]
        headers["Authorization"] = "Bearer eyJhbGciOiJIUzI1NiJ9.demo.token"
        signed.allHTTPHeaderFields = headers
        return withExtendedLifetime((request, signed)) {
            try? decoder.decode(BenchEnvelope<BenchPage>.self, from: target.sampleData).data
        }
    }

    /// Runs `count` stubbed calls and nothing else: the workload `valgrind --tool=callgrind` counts.
    static func runOnly(count: Int, logger: LoggerOutput, without: Set<Part>) async {
        let provider = makeProvider(logger: logger, without: without)
        for page in 0..<count {
            _ = try? await provider.request(.goods(page: page), as: BenchPage.self)
        }
    }

    /// Runs `count` hand-written floor calls (``handWritten(page:decoder:)``): what callgrind
    /// counts for the floor.
    static func floorOnly(count: Int) {
        let decoder = JSONDecoder()
        for page in 0..<count { _ = handWritten(page: page, decoder: decoder) }
    }

    /// Decodes the same body into the same model `count` times, bare: the baseline callgrind counts.
    static func bareOnly(count: Int) {
        let decoder = JSONDecoder()
        for _ in 0..<count {
            _ = try? decoder.decode(BenchEnvelope<BenchPage>.self, from: body)
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
