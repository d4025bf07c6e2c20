import Foundation
import Testing

@testable import Courier
@testable import CourierTransport

/// The one content decoder: `gzip` and `deflate`, fed in pieces, refusing what does not decode.
@Suite("Content decoding: the decoder", .enabled(if: ContentDecoder.isAvailable))
struct ContentDecodingTests {
    /// Decodes `data` fed in pieces of `pieceSize` bytes; throws what the decoder throws.
    private func decode(_ data: Data, as coding: ContentDecoder.Coding, pieceSize: Int = 7) throws -> Data {
        let decoder = try #require(ContentDecoder.make(coding))
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
        #expect(throws: TransportError.invalidContentCoding("gzip")) { try decode(Data(truncated), as: .gzip) }
        #expect(throws: TransportError.invalidContentCoding("gzip")) {
            try decode(Data("not compressed at all".utf8), as: .gzip)
        }
        #expect(throws: TransportError.invalidContentCoding("deflate")) {
            try decode(CompressedFixtures.zlib + Data("tail".utf8), as: .deflate)
        }
    }

    @Test("an empty body decodes to nothing")
    func emptyBody() throws {
        #expect(try decode(Data(), as: .gzip).isEmpty)
    }

    @Test("Content-Encoding picks the coding: gzip, x-gzip, deflate, and nothing for br, stacks or identity")
    func codingNamed() {
        #expect(ContentDecoder.coding(named: "gzip") == .gzip)
        #expect(ContentDecoder.coding(named: "X-GZIP") == .gzip)
        #expect(ContentDecoder.coding(named: "deflate") == .deflate)
        #expect(ContentDecoder.coding(named: "identity, gzip") == .gzip)
        #expect(ContentDecoder.coding(named: "br") == nil)
        #expect(ContentDecoder.coding(named: "gzip, gzip") == nil)
        #expect(ContentDecoder.coding(named: nil) == nil)
    }

    @Test("a download's file is decoded into a new file readable by its owner only, the encoded one removed")
    func decodesFile() throws {
        let source = FileManager.default.temporaryDirectory.appendingPathComponent("encoded-\(UUID().uuidString)")
        try CompressedFixtures.gzip.write(to: source)
        let decoder = try #require(ContentDecoder.make(.gzip))
        let target = try decoder.decode(file: source, limit: nil) { false }
        defer { try? FileManager.default.removeItem(at: target) }
        #expect(try Data(contentsOf: target) == CompressedFixtures.text)
        let mode = try FileManager.default.attributesOfItem(atPath: target.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(!FileManager.default.fileExists(atPath: source.path))
    }

    @Test("a cancelled file decode stops with CancellationError and leaves neither file")
    func cancelledFileDecode() throws {
        // A folder of its own: the decoded file is made beside the encoded one.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("decode-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("encoded")
        try CompressedFixtures.bomb.write(to: source)
        let decoder = try #require(ContentDecoder.make(.gzip))
        #expect(throws: CancellationError.self) { try decoder.decode(file: source, limit: nil) { true } }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "neither file is left")
    }
}
