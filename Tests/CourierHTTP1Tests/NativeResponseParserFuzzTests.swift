import Foundation
import Testing

@testable import Courier
@testable import CourierHTTP1

/// A small, seedable generator (NativeFuzzRandom), so a failing input can be reproduced from its seed.
struct NativeFuzzRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

/// Responses built from the grammar of RFC 9112, then mutated byte by byte.
struct NativeResponseFuzzer {
    var random: NativeFuzzRandom

    private static let tokenCharacters = Array(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_!#$%&'*+.^`|~".utf8)
    private static let interestingBytes: [UInt8] =
        Array("\r\n:; \t0123456789abcdefABCDEF,-".utf8) + [0, 0x7F, 0x80, 0xFF]
    private static let statuses = [200, 201, 204, 206, 301, 302, 304, 307, 400, 404, 418, 500, 503, 101, 999]

    // Plain modulo instead of `Int.random(in:using:)`: its generic code dominates a debug build,
    // and a slight bias does not matter here.
    private mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(random.next() % UInt64(range.count))
    }
    private mutating func chance(_ percent: Int) -> Bool { int(1...100) <= percent }

    private mutating func pick<T>(_ elements: [T]) -> T { elements[int(0...(elements.count - 1))] }

    private mutating func token() -> String {
        var bytes: [UInt8] = []
        for _ in 0..<int(1...8) { bytes.append(pick(Self.tokenCharacters)) }
        return String(decoding: bytes, as: UTF8.self)
    }

    private mutating func fieldValue() -> String {
        var bytes: [UInt8] = []
        for _ in 0..<int(0...16) { bytes.append(UInt8(int(0x20...0x7E))) }
        return String(decoding: bytes, as: UTF8.self)
    }

    private mutating func bodyBytes(_ count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        bytes.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                withUnsafeBytes(of: random.next()) { word in
                    for byte in word.prefix(buffer.count - offset) {
                        buffer[offset] = byte
                        offset += 1
                    }
                }
            }
        }
        return bytes
    }

    /// A well-formed response (possibly with interim responses first), as bytes.
    mutating func wellFormed() -> [UInt8] {
        var text = ""
        let newline = chance(90) ? "\r\n" : "\n"
        for _ in 0..<(chance(10) ? int(1...3) : 0) { text += "HTTP/1.1 100 Continue\(newline)\(newline)" }
        let status = pick(Self.statuses)
        text += "HTTP/1.\(int(0...1)) \(status) \(chance(80) ? token() : "")\(newline)"
        for _ in 0..<int(0...5) { text += "\(token()): \(fieldValue())\(newline)" }
        var bytes = Array(text.utf8)
        let body = bodyBytes(chance(2) ? int(0...3000) : int(0...32))
        switch int(0...3) {
        case 0:
            bytes += Array("Content-Length: \(body.count)\(newline)\(newline)".utf8) + body
        case 1:
            bytes += Array("Transfer-Encoding: chunked\(newline)\(newline)".utf8)
            var offset = 0
            while offset < body.count {
                let size = min(body.count - offset, int(1...300))
                let extensions = chance(30) ? ";\(token())=\(token())" : ""
                bytes += Array("\(String(size, radix: 16, uppercase: chance(50)))\(extensions)\(newline)".utf8)
                bytes += body[offset..<(offset + size)] + Array(newline.utf8)
                offset += size
            }
            bytes += Array("0\(newline)".utf8)
            for _ in 0..<(chance(30) ? int(1...3) : 0) {
                bytes += Array("\(token()): \(fieldValue())\(newline)".utf8)
            }
            bytes += Array(newline.utf8)
        case 2:
            bytes += Array(newline.utf8) + body
        default:
            bytes += Array("Content-Length: 0\(newline)\(newline)".utf8)
        }
        return bytes
    }

    /// `bytes` with a few random edits: flips, insertions of bytes that matter to the grammar,
    /// deletions, duplications and truncations.
    mutating func mutated(_ bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        for _ in 0..<int(1...4) {
            guard !bytes.isEmpty else { break }
            let index = int(0...(bytes.count - 1))
            switch int(0...5) {
            case 0: bytes[index] ^= UInt8(1 << int(0...7))
            case 1: bytes.insert(pick(Self.interestingBytes), at: index)
            case 2: bytes.removeSubrange(index..<min(bytes.count, index + int(1...16)))
            case 3:
                let end = min(bytes.count, index + int(1...32))
                bytes.insert(contentsOf: bytes[index..<end], at: index)
            case 4: bytes = Array(bytes.prefix(index))
            default: bytes[index] = pick(Self.interestingBytes)
            }
        }
        return bytes
    }

    /// Fully random bytes, sometimes after a valid start.
    mutating func noise() -> [UInt8] {
        let prefix = chance(50) ? Array("HTTP/1.1 ".utf8) : []
        return prefix + (0..<int(0...120)).map { _ in pick(Self.interestingBytes) }
    }

    /// Up to four split points inside `count` bytes.
    mutating func splits(for count: Int) -> [Int] {
        guard count > 1 else { return [] }
        return (0..<int(1...4)).map { _ in int(1...(count - 1)) }
    }
}

@Suite("Native HTTP/1.1 response parser, fuzzed")
struct NativeResponseParserFuzzTests {
    /// What a parse gives, compared across splits: the parts that do not depend on how the
    /// input was fed (what is left unconsumed does).
    private struct Outcome: Equatable {
        var head: HTTPResponseHead?
        var body: [UInt8]
        var trailers: [HeaderField]?
        var requiresClose: Bool
    }

    private static func outcome(
        _ bytes: [UInt8], splits: [Int], isHEAD: Bool, limits: HTTPResponseParser.Limits
    ) -> Result<Outcome, HTTPParseError> {
        do throws(HTTPParseError) {
            let parsed = try NativeParsedResponse.parse(bytes, splitAt: splits, isHEAD: isHEAD, limits: limits)
            return .success(
                Outcome(
                    head: parsed.head, body: parsed.body, trailers: parsed.trailers,
                    requiresClose: parsed.requiresClose
                ))
        } catch {
            return .failure(error)
        }
    }

    @Test("tens of thousands of generated responses: a value or a typed error, the same for every split")
    func generatedResponses() async {
        let seed =
            ProcessInfo.processInfo.environment["COURIER_FUZZ_SEED"].flatMap(UInt64.init)
            ?? UInt64.random(in: 1...UInt64.max)
        var fuzzer = NativeResponseFuzzer(random: NativeFuzzRandom(seed: seed))
        var random = NativeFuzzRandom(seed: seed ^ 0xA5A5)
        let limits = HTTPResponseParser.Limits(
            maximumHeaderBytes: 2048, maximumHeaderCount: 12, maximumChunkLineBytes: 64)
        let deadline = Date().addingTimeInterval(8)
        var inputs = 0
        var values = 0
        var errors = 0
        // At least 2,000 inputs however slow the machine; up to 30,000 within the time bound.
        fuzzing: while inputs < 30_000 && (inputs < 2_000 || Date() < deadline) {
            inputs += 1
            // Other tests share the cooperative pool (two threads on two cores): let them run.
            if inputs % 50 == 0 { await Task.yield() }
            let kind = Int(random.next() % 10)
            let input: [UInt8]
            if kind < 3 {
                input = fuzzer.wellFormed()
            } else if kind < 9 {
                input = fuzzer.mutated(fuzzer.wellFormed())
            } else {
                input = fuzzer.noise()
            }
            let isHEAD = random.next() % 8 == 0
            let whole = Self.outcome(input, splits: [], isHEAD: isHEAD, limits: limits)
            let splits = fuzzer.splits(for: input.count)
            let split = Self.outcome(input, splits: splits, isHEAD: isHEAD, limits: limits)
            switch whole {
            case .success(let outcome):
                values += 1
                // Checked by hand: an #expect per input would cost more than the parse.
                if outcome.head == nil || outcome.trailers == nil || outcome.body.count > input.count {
                    Issue.record("seed \(seed), input \(inputs): incomplete or oversized value \(outcome)")
                    break fuzzing
                }
            case .failure:
                errors += 1
            }
            if split != whole {
                Issue.record("seed \(seed), input \(inputs): \(whole) whole, \(split) split at \(splits)")
                break fuzzing
            }
        }
        print("fuzzed \(inputs) responses (seed \(seed)): \(values) parsed, \(errors) typed errors")
        #expect(inputs >= 2_000, "only \(inputs) inputs ran (seed \(seed))")
        #expect(values > 0 && errors > 0, "seed \(seed): \(values) values, \(errors) errors")
    }

    @Test("every well-formed generated response parses to its own body")
    func wellFormedResponsesParse() async throws {
        var fuzzer = NativeResponseFuzzer(random: NativeFuzzRandom(seed: 42))
        for index in 0..<500 {
            if index % 50 == 0 { await Task.yield() }
            let input = fuzzer.wellFormed()
            let result = Self.outcome(input, splits: [], isHEAD: false, limits: .init())
            guard case .success(let outcome) = result, outcome.head != nil, outcome.trailers != nil else {
                Issue.record(
                    "input \(index) failed: \(result)\n\(String(decoding: input.prefix(300), as: UTF8.self))")
                return
            }
        }
    }
}
