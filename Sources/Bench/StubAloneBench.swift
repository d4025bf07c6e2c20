import Courier
import Foundation

/// What the provider itself costs a stubbed call, with nothing an app adds: no plugins, no
/// endpoint closure, a plain `GET`. Two rows against a bare `JSONDecoder` decode of the same
/// body: the call alone (`request(_:)`, a ``Response`` and no decoding), and the call with a
/// ``JSONEnvelope`` decoding its payload (`request(_:as:)`), which includes the decode.
struct StubAloneBench {
    enum ItemAPI: TargetType {
        case item(Int)
        var baseURL: URL { URL(string: "https://shop.example.com/api") ?? URL(fileURLWithPath: "/") }
        var path: String {
            switch self {
            case .item(let id): "/items/\(id)"
            }
        }
        var method: HTTPMethod { .get }
        var task: RequestTask { .requestPlain }
        var sampleData: Data { StubAloneBench.body }
    }

    static let body = BenchBodies.envelopedPage(approximateBytes: 1000)

    struct Result {
        let aloneMicros: Double
        let envelopeMicros: Double
        let bareMicros: Double
        /// Each round against the bare decode's round of the same cycle.
        let alone: PairedRatio
        let envelope: PairedRatio
    }

    static func run(iterations: Int, rounds: Int) async -> Result {
        let plain = Provider<ItemAPI>(stubClosure: Provider.immediatelyStub)
        let enveloped = Provider<ItemAPI>(stubClosure: Provider.immediatelyStub, envelope: JSONEnvelope())
        let decoder = JSONDecoder()
        _ = try? await plain.request(.item(0))
        _ = try? await enveloped.request(.item(0), as: BenchPage.self)
        enum Kind: CaseIterable { case alone, envelope, bare }
        var micros: [Kind: [Double]] = [:]
        let orders = BalancedOrder.rounds(of: Kind.allCases)
        for round in 0..<rounds {
            for kind in orders[round % orders.count] {
                let seconds = await Stopwatch.time {
                    for id in 0..<iterations {
                        switch kind {
                        case .alone: _ = try? await plain.request(.item(id))
                        case .envelope: _ = try? await enveloped.request(.item(id), as: BenchPage.self)
                        case .bare: _ = try? decoder.decode(BenchEnvelope<BenchPage>.self, from: body)
                        }
                    }
                }
                micros[kind, default: []].append(seconds / Double(iterations) * 1e6)
            }
        }
        let bare = micros[.bare] ?? []
        return Result(
            aloneMicros: Stopwatch.median(micros[.alone] ?? []),
            envelopeMicros: Stopwatch.median(micros[.envelope] ?? []), bareMicros: Stopwatch.median(bare),
            alone: PairedRatio(micros[.alone] ?? [], over: bare),
            envelope: PairedRatio(micros[.envelope] ?? [], over: bare))
    }

    /// Runs `count` stubbed calls, alone or with the envelope, and nothing else: what callgrind counts.
    static func runOnly(count: Int, envelope: Bool) async {
        if envelope {
            let provider = Provider<ItemAPI>(stubClosure: Provider.immediatelyStub, envelope: JSONEnvelope())
            for id in 0..<count { _ = try? await provider.request(.item(id), as: BenchPage.self) }
        } else {
            let provider = Provider<ItemAPI>(stubClosure: Provider.immediatelyStub)
            for id in 0..<count { _ = try? await provider.request(.item(id)) }
        }
    }
}
