import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Random bytes and random JSON thrown at everything that reads outside data, and random
/// parameters at everything that writes requests: never a crash, always a value or a
/// `CourierError`. Inputs come from a seeded generator, so a failure names a reproducible seed.
///
/// Serialized: each test is synchronous and CPU-bound and holds a cooperative thread for
/// seconds; run at once on a two-core machine they starve every other test in the process.
@Suite("Fuzz", .serialized)
struct FuzzTests {
    struct Goods: Decodable {
        let id: Int
        let productName: String
        let tags: [String]?
    }

    static let seed: UInt64 = 0xC0_FFEE

    /// Runs `body` on `count` generated inputs; a thrown error that is not a `CourierError` fails.
    ///
    /// It yields now and then: the tests share the cooperative pool (two threads on a two-core
    /// machine) with live tests whose timing a long synchronous loop would distort.
    private func fuzz<Input>(
        _ count: Int, make: (inout SeededGenerator) -> Input, body: (Input) throws -> Void
    ) async {
        var generator = SeededGenerator(seed: Self.seed)
        var foreign = 0
        for index in 0..<count {
            if index % 64 == 0 { await Task.yield() }
            let input = make(&generator)
            do {
                try body(input)
            } catch is CourierError {
            } catch {
                foreign += 1
                if foreign == 1 { Issue.record("not a CourierError for \(input): \(error)") }
            }
        }
        #expect(foreign == 0)
    }

    @Test("random bytes through envelopes and response mapping: a value or a CourierError")
    func randomBytes() async {
        let envelope = JSONEnvelope(successFlagKey: "succeed")
        let decoder = JSONDecoder()
        let inputs: (inout SeededGenerator) -> Data = { $0.bytes(maxCount: 96) }
        await fuzz(20_000, make: inputs) { bytes in
            let response = Response(statusCode: 200, data: bytes)
            do { _ = try envelope.decode(Goods.self, from: response, using: decoder) } catch is CourierError {}
            do { _ = try response.map(Goods.self, atKeyPath: "data") } catch is CourierError {}
            do { _ = try response.mapString(atKeyPath: "data.name") } catch is CourierError {}
            do { _ = try response.mapJSON() } catch is CourierError {}
        }
    }

    @Test("random JSON documents, envelope-shaped or not: a value or a CourierError")
    func randomJSON() async {
        let envelopes = [
            JSONEnvelope(successFlagKey: "succeed"),
            JSONEnvelope(codeKey: "resultcode", messageKey: "reason", dataKey: "result", successCodes: ["200"]),
            JSONEnvelope(dataKey: "data.records", expiredCodes: ["916"]),
        ]
        let decoder = JSONDecoder()
        let inputs: (inout SeededGenerator) -> Data = { $0.envelopeDocument() }
        await fuzz(10_000, make: inputs) { document in
            let response = Response(statusCode: 200, data: document)
            for envelope in envelopes {
                do { _ = try envelope.decode(Goods.self, from: response, using: decoder) } catch is CourierError {}
                do { try envelope.validate(response, using: decoder) } catch is CourierError {}
            }
            do { _ = try response.map([String: Int].self, atKeyPath: "data.id") } catch is CourierError {}
        }
    }

    @Test("random parameters through every encoding: requests that keep to the escaping rules")
    func randomParameters() async throws {
        let base = try #require(URL(string: "https://shop.example.com/api/list?lang=zh"))
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/?%=&".utf8)
        let inputs: (inout SeededGenerator) -> [String: any Sendable] = { $0.parameters() }
        await fuzz(20_000, make: inputs) { parameters in
            let endpoint = Endpoint(
                url: base.absoluteString, sampleResponseClosure: { .networkResponse(200, Data()) }, method: .get,
                task: .requestParameters(parameters: parameters, encoding: URLEncoding.default),
                httpHeaderFields: nil)
            let request = try endpoint.urlRequest()
            let query = request.url?.query ?? ""
            #expect(query.utf8.allSatisfy { allowed.contains($0) }, "unescaped byte in \(query)")
            let body = Endpoint(
                url: base.absoluteString, sampleResponseClosure: { .networkResponse(200, Data()) }, method: .post,
                task: .requestParameters(parameters: parameters, encoding: JSONEncoding.default),
                httpHeaderFields: nil)
            _ = try body.urlRequest()
        }
    }

    @Test("random multipart parts: the boundary never occurs in the content and every part is framed")
    func randomMultipart() async throws {
        var generator = SeededGenerator(seed: Self.seed)
        for index in 0..<3_000 {
            if index % 64 == 0 { await Task.yield() }
            let parts = (0..<Int.random(in: 1...4, using: &generator)).map { _ in
                MultipartFormBodyPart(
                    provider: .data(generator.bytes(maxCount: 64)), name: generator.text(maxCount: 8),
                    fileName: Bool.random(using: &generator) ? generator.text(maxCount: 12) : nil,
                    mimeType: Bool.random(using: &generator) ? "text/plain" : nil)
            }
            let boundary = MultipartFormDataEncoder.makeBoundary()
            let body = try MultipartFormDataEncoder.encode(parts, boundary: boundary)
            let delimiter = Data("--\(boundary)".utf8)
            var count = 0
            var searchStart = body.startIndex
            while let range = body.range(of: delimiter, in: searchStart..<body.endIndex) {
                count += 1
                searchStart = range.upperBound
            }
            #expect(count == parts.count + 1, "boundary found \(count) times for \(parts.count) parts")
            #expect(body.suffix(2) == Data("\r\n".utf8))
        }
    }
}

/// SplitMix64: small, fast and reproducible.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func bytes(maxCount: Int) -> Data {
        Data((0..<Int.random(in: 0...maxCount, using: &self)).map { _ in UInt8.random(in: 0...255, using: &self) })
    }

    /// Text mixing ASCII, reserved characters, CJK, emoji, quotes, CR and LF.
    mutating func text(maxCount: Int) -> String {
        let alphabet: [Character] = Array("aZ09 -_.~!*'();:@&=+$,/?#[]%\"\\\r\n中文汉字😀👍🏽é\u{0}\u{7F}")
        return String(
            (0..<Int.random(in: 0...maxCount, using: &self)).map { _ in alphabet.randomElement(using: &self) ?? "a" })
    }

    mutating func parameters(depth: Int = 0) -> [String: any Sendable] {
        var parameters: [String: any Sendable] = [:]
        for _ in 0..<Int.random(in: 0...4, using: &self) {
            parameters[text(maxCount: 6)] = value(depth: depth)
        }
        return parameters
    }

    mutating func value(depth: Int) -> any Sendable {
        switch Int.random(in: 0..<(depth < 2 ? 8 : 6), using: &self) {
        case 0: return text(maxCount: 10)
        case 1: return Int.random(in: Int.min...Int.max, using: &self)
        case 2: return Double.random(in: -1e6...1e6, using: &self)
        case 3: return Bool.random(using: &self)
        case 4: return Decimal(Int.random(in: -999...999, using: &self)) / 100
        case 5: return Optional<Int>.none as Int?
        case 6: return (0..<Int.random(in: 0...3, using: &self)).map { _ in value(depth: depth + 1) } as [any Sendable]
        default: return parameters(depth: depth + 1)
        }
    }

    /// A JSON document that often looks like an envelope: code, msg and data of random types.
    mutating func envelopeDocument() -> Data {
        var object: [String: Any] = [:]
        let codes: [Any] = [0, "0", 200, "200", 916, "916", -1, 0.0, true, NSNull(), [0], ["c": 0]]
        if Bool.random(using: &self) { object["code"] = codes.randomElement(using: &self) }
        if Bool.random(using: &self) { object["resultcode"] = codes.randomElement(using: &self) }
        if Bool.random(using: &self) {
            object["succeed"] = [true, false, 1, "yes", NSNull()].randomElement(using: &self)
        }
        if Bool.random(using: &self) { object["msg"] = [text(maxCount: 6), 3, NSNull()].randomElement(using: &self) }
        if Bool.random(using: &self) { object["data"] = jsonValue(depth: 0) }
        if Bool.random(using: &self) { object["result"] = jsonValue(depth: 0) }
        let top: Any = Int.random(in: 0..<10, using: &self) == 0 ? jsonValue(depth: 0) : object
        return (try? JSONSerialization.data(withJSONObject: top, options: [.fragmentsAllowed])) ?? Data("{}".utf8)
    }

    mutating func jsonValue(depth: Int) -> Any {
        switch Int.random(in: 0..<(depth < 3 ? 7 : 4), using: &self) {
        case 0: return text(maxCount: 8)
        case 1: return Int.random(in: -5...5, using: &self)
        case 2: return Bool.random(using: &self)
        case 3: return NSNull()
        case 4:
            return [
                "id": Int.random(in: 0...9, using: &self), "productName": text(maxCount: 5),
                "tags": [text(maxCount: 3)],
            ]
        case 5: return (0..<Int.random(in: 0...3, using: &self)).map { _ in jsonValue(depth: depth + 1) }
        default:
            var object: [String: Any] = [:]
            for key in ["id", "productName", "records", "list", text(maxCount: 3)] where Bool.random(using: &self) {
                object[key] = jsonValue(depth: depth + 1)
            }
            return object
        }
    }
}
