import Foundation
import Testing

@testable import Courier
@testable import CourierHTTP1

/// What a whole input parses to: the head, the body, the trailers, whether it completed.
struct NativeParsedResponse: Equatable {
    var head: HTTPResponseHead?
    var body: [UInt8] = []
    var trailers: [HeaderField]?
    var requiresClose = false
    var leftover = 0

    /// Parses `bytes` fed in `pieces` (split points), then ends the stream when `atEOF`.
    static func parse(
        _ bytes: [UInt8], splitAt pieces: [Int] = [], isHEAD: Bool = false, atEOF: Bool = true,
        limits: HTTPResponseParser.Limits = .init()
    ) throws(HTTPParseError) -> NativeParsedResponse {
        var parser = HTTPResponseParser(isResponseToHEAD: isHEAD, limits: limits)
        var result = NativeParsedResponse()
        var start = 0
        for cut in (pieces.filter { $0 > 0 && $0 < bytes.count }.sorted() + [bytes.count]) where cut >= start {
            parser.append(contentsOf: bytes[start..<cut])
            start = cut
            while let event = try parser.next() { result.take(event) }
            if parser.isDone { break }
        }
        if atEOF, !parser.isDone, let event = try parser.finish() { result.take(event) }
        result.requiresClose = parser.requiresConnectionClose
        result.leftover = parser.unconsumedByteCount
        return result
    }

    private mutating func take(_ event: HTTPResponseParser.Event) {
        switch event {
        case .head(let head): self.head = head
        case .body(let piece): body += piece
        case .end(let trailers): self.trailers = trailers
        }
    }

    var bodyText: String { String(decoding: body, as: UTF8.self) }
    var isComplete: Bool { trailers != nil }
}

func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
