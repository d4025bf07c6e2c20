import Foundation
import Testing

@testable import Courier
@testable import CourierHTTP1

/// `gzip` and `deflate` bodies, decoded as they arrive and within the size limit.
@Suite("Native transport: content decoding", .enabled(if: ZlibLibrary.system != nil))
struct ContentDecodingTests {
    typealias Machine = HTTP1ConnectionStateMachine

    /// Decodes `data` fed in pieces of `pieceSize` bytes; throws what the decoder throws.
    private func decode(_ data: Data, as coding: ContentDecoder.Coding, pieceSize: Int = 7) throws -> Data {
        let library = try #require(ZlibLibrary.system)
        let decoder = ContentDecoder(coding: coding, library: library)
        var output = Data()
        var offset = 0
        while offset < data.count {
            let piece = data[offset..<min(data.count, offset + pieceSize)]
            try piece.withUnsafeBytes { bytes in try decoder.decode(bytes) { output.append(contentsOf: $0) } }
            offset += pieceSize
        }
        try decoder.finish()
        return output
    }

    @Test("gzip, zlib-wrapped deflate and raw deflate decode to the text, fed a few bytes at a time")
    func decodesEachForm() throws {
        #expect(try decode(CompressedFixtures.gzip, as: .gzip) == CompressedFixtures.text)
        #expect(try decode(CompressedFixtures.zlib, as: .deflate) == CompressedFixtures.text)
        #expect(try decode(CompressedFixtures.rawDeflate, as: .deflate) == CompressedFixtures.text)
        #expect(try decode(CompressedFixtures.gzip, as: .gzip, pieceSize: 1) == CompressedFixtures.text)
    }

    @Test("several gzip members decode one after the other (RFC 1952)")
    func gzipMembers() throws {
        let twice = CompressedFixtures.gzip + CompressedFixtures.gzip
        #expect(try decode(twice, as: .gzip, pieceSize: 50) == CompressedFixtures.text + CompressedFixtures.text)
    }

    @Test("a truncated stream, garbage and bytes after the end are each invalidContentCoding")
    func invalidStreams() {
        let truncated = CompressedFixtures.gzip.prefix(CompressedFixtures.gzip.count - 9)
        #expect(throws: HTTPParseError.invalidContentCoding("gzip")) { try decode(Data(truncated), as: .gzip) }
        #expect(throws: HTTPParseError.invalidContentCoding("gzip")) {
            try decode(Data("not compressed at all".utf8), as: .gzip)
        }
        #expect(throws: HTTPParseError.invalidContentCoding("deflate")) {
            try decode(CompressedFixtures.zlib + Data("tail".utf8), as: .deflate)
        }
    }

    @Test("an empty body decodes to nothing")
    func emptyBody() throws {
        #expect(try decode(Data(), as: .gzip).isEmpty)
    }

    @Test("Content-Encoding picks the coding: gzip, x-gzip, deflate, and nothing for br, stacks or identity")
    func codingOfHead() {
        func head(_ value: String?) -> HTTPResponseHead {
            HTTPResponseHead(
                minorVersion: 1, status: 200, reason: "OK",
                headers: value.map { [HeaderField(name: "Content-Encoding", value: $0)] } ?? [])
        }
        #expect(ContentDecoder.coding(of: head("gzip")) == .gzip)
        #expect(ContentDecoder.coding(of: head("X-GZIP")) == .gzip)
        #expect(ContentDecoder.coding(of: head("deflate")) == .deflate)
        #expect(ContentDecoder.coding(of: head("identity, gzip")) == .gzip)
        #expect(ContentDecoder.coding(of: head("br")) == nil)
        #expect(ContentDecoder.coding(of: head("gzip, gzip")) == nil)
        #expect(ContentDecoder.coding(of: head(nil)) == nil)
    }

    // MARK: In the connection's state machine

    private func answer(
        _ body: Data, encoding: String, decodes: Bool, maximumSize: Int64? = nil
    ) -> Result<ReceivedResponse, any Error>? {
        var machine = Machine(connected: true)
        let rules = Machine.ResponseRules(maximumSize: maximumSize, decodesContent: decodes)
        _ = machine.handle(.requestStarted(rules))
        _ = machine.handle(.requestSent)
        _ = machine.handle(.awaitResponse(at: 0))
        let head = "HTTP/1.1 200 OK\r\nContent-Encoding: \(encoding)\r\nContent-Length: \(body.count)\r\n\r\n"
        var actions = machine.handle(.bytesRead(Array(head.utf8), at: 0))
        var offset = 0
        while actions.response == nil, offset < body.count {
            actions = machine.handle(.bytesRead(Array(body[offset..<min(body.count, offset + 512)]), at: 0))
            offset += 512
        }
        return actions.response
    }

    @Test("a gzip answer is delivered decoded, without the headers that described the encoded body")
    func machineDecodes() throws {
        let response = try #require(try answer(CompressedFixtures.gzip, encoding: "gzip", decodes: true)?.get())
        #expect(response.body == CompressedFixtures.text)
        #expect(response.head.values(of: "Content-Encoding").isEmpty)
        #expect(response.head.values(of: "Content-Length").isEmpty)
        #expect(response.reusable)
    }

    @Test("with decoding off, or a coding it does not decode, the body comes as it was sent")
    func machineLeavesAsSent() throws {
        let off = try #require(try answer(CompressedFixtures.gzip, encoding: "gzip", decodes: false)?.get())
        #expect(off.body == CompressedFixtures.gzip)
        #expect(off.head.values(of: "Content-Encoding") == ["gzip"])
        let brotli = try #require(try answer(Data("br bytes".utf8), encoding: "br", decodes: true)?.get())
        #expect(brotli.body == Data("br bytes".utf8))
        #expect(brotli.head.values(of: "Content-Encoding") == ["br"])
    }

    @Test("a bomb fails at the limit on decoded bytes, long before its end")
    func machineStopsBomb() throws {
        let limit: Int64 = 256 * 1024
        let outcome = try #require(
            answer(CompressedFixtures.bomb, encoding: "gzip", decodes: true, maximumSize: limit))
        #expect(throws: TransportError.responseTooLarge(limit: limit)) { try outcome.get() }
    }

    @Test("a body cut inside its compressed stream fails although its length was met")
    func machineRefusesTruncated() throws {
        let truncated = Data(CompressedFixtures.gzip.prefix(100))
        let outcome = try #require(answer(truncated, encoding: "gzip", decodes: true))
        #expect(throws: HTTPParseError.invalidContentCoding("gzip")) { try outcome.get() }
    }
}
