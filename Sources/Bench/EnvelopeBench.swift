import Courier
import Foundation

/// Courier's one-pass envelope decode against the two-pass approach (JSONSerialization, pick
/// `data`, serialise it again, decode it — what Moya's `map(_:atKeyPath:)` does).
struct EnvelopeBench {
    struct Result {
        let label: String
        let bytes: Int
        let onePassMicros: Double
        let twoPassMicros: Double
        var ratio: Double { onePassMicros / twoPassMicros }
    }

    static func run(bytes: Int, iterations: Int, rounds: Int) async -> Result {
        let body = BenchBodies.envelopedPage(approximateBytes: bytes)
        let response = Response(statusCode: 200, data: body)
        let envelope = JSONEnvelope()
        let decoder = JSONDecoder()
        var onePass: [Double] = []
        var twoPass: [Double] = []
        for _ in 0..<rounds {
            onePass.append(
                await Stopwatch.time {
                    for _ in 0..<iterations {
                        _ = try? envelope.decode(BenchPage.self, from: response, using: decoder)
                    }
                } / Double(iterations) * 1e6)
            twoPass.append(
                await Stopwatch.time {
                    for _ in 0..<iterations {
                        _ = try? twoPassDecode(body, decoder: decoder)
                    }
                } / Double(iterations) * 1e6)
        }
        return Result(
            label: bytes >= 1_000_000 ? "\(bytes / 1_000_000) MB" : "\(bytes / 1000) KB", bytes: body.count,
            onePassMicros: Stopwatch.median(onePass), twoPassMicros: Stopwatch.median(twoPass))
    }

    private static func twoPassDecode(_ body: Data, decoder: JSONDecoder) throws -> BenchPage? {
        guard let object = try JSONSerialization.jsonObject(with: body) as? [String: Any],
            (object["code"] as? Int) == 0, let payload = object["data"]
        else { return nil }
        let data = try JSONSerialization.data(withJSONObject: payload)
        return try decoder.decode(BenchPage.self, from: data)
    }
}
