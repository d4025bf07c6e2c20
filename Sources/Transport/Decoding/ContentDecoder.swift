internal import CCourierSystem
import CourierTargets
import Foundation

/// Inflates a `gzip` or `deflate` body as it arrives, handing the decoded bytes on a piece at a
/// time, so that the caller counts them against its limit before they pile up: a compressed
/// bomb ends at the limit with no more memory than one output piece.
///
/// The chain's one decoder, for data, downloads and streams alike (`ContentDecodingLink`, in
/// `Courier`): transports hand bodies over as the server sent them, and the chain decodes them
/// for a transport that asks it to. `URLSessionTransport` does not: its platform decodes by
/// itself.
///
/// Used by one owner at a time.
package final class ContentDecoder: @unchecked Sendable {
    /// The content codings decoded.
    package enum Coding: String, Sendable {
        case gzip
        /// `deflate` as RFC 9110 defines it (a zlib stream), or the raw deflate data some
        /// servers send instead: the first bytes tell them apart.
        case deflate

        /// The coding a `Content-Encoding` or `Accept-Encoding` element names (`x-gzip` is
        /// `gzip`, RFC 9110 §8.4.1.3); `nil` for any other.
        package static func named(_ name: some StringProtocol) -> Coding? {
            if name.caseInsensitiveEquals("gzip") || name.caseInsensitiveEquals("x-gzip") { return .gzip }
            if name.caseInsensitiveEquals("deflate") { return .deflate }
            return nil
        }
    }

    package let coding: Coding
    private let library: ZlibLibrary
    private let stream: UnsafeMutablePointer<courier_z_stream>
    private let output: UnsafeMutableRawBufferPointer
    private var isStarted = false
    /// The compressed stream (its last member, for gzip) ended.
    private var isComplete = false

    private static let outputSize = 64 * 1024
    private static let streamEnd: Int32 = 1
    private static let bufferError: Int32 = -5
    private static let noFlush: Int32 = 0

    private init(coding: Coding, library: ZlibLibrary) {
        self.coding = coding
        self.library = library
        stream = UnsafeMutablePointer<courier_z_stream>.allocate(capacity: 1)
        // zlib keeps a pointer to the stream, so it lives at one address until `deinit`.
        stream.initialize(to: courier_z_stream())
        output = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.outputSize, alignment: 16)
    }

    deinit {
        if isStarted { _ = library.inflateEnd(stream) }
        stream.deinitialize(count: 1)
        stream.deallocate()
        output.deallocate()
    }

    /// The `Accept-Encoding` the chain sends when it decodes and the request names none.
    package static let acceptedCodings = "gzip, deflate"

    /// Whether this system can decode: zlib could be loaded.
    package static var isAvailable: Bool { ZlibLibrary.system != nil }

    /// A decoder for `coding`, or `nil` when zlib cannot be loaded.
    package static func make(_ coding: Coding) -> ContentDecoder? {
        ZlibLibrary.system.map { ContentDecoder(coding: coding, library: $0) }
    }

    /// The decoder of the body a `Content-Encoding` value introduces, or `nil` when the body is
    /// kept as it came: the one rule for data, downloads and streams. A body is decoded when the
    /// value names exactly one coding this decoder handles (a single `gzip`, `x-gzip` or
    /// `deflate`, `identity` aside); stacked codings and others (`br`) are left alone.
    package static func forBody(encodedAs contentEncoding: String?) -> ContentDecoder? {
        guard let coding = coding(named: contentEncoding) else { return nil }
        return make(coding)
    }

    /// The coding a `Content-Encoding` value names, when it is one this decoder handles.
    package static func coding(named contentEncoding: String?) -> Coding? {
        guard let contentEncoding else { return nil }
        let codings = contentEncoding.split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.caseInsensitiveEquals("identity") }
        guard codings.count == 1, let only = codings.first else { return nil }
        return Coding.named(only)
    }

    /// Decodes `input`, calling `sink` with each piece of decoded bytes (valid only during the
    /// call); `sink` may throw to stop, as at a size limit.
    package func decode(
        _ input: UnsafeRawBufferPointer, into sink: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        guard let base = input.baseAddress, !input.isEmpty else { return }
        if !isStarted {
            try start(firstByte: base.load(as: UInt8.self), secondByte: input.count > 1 ? input[1] : nil)
        }
        guard !isComplete else { throw invalid }
        stream.pointee.next_in = base.assumingMemoryBound(to: UInt8.self)
        stream.pointee.avail_in = UInt32(input.count)
        defer {
            stream.pointee.next_in = nil
            stream.pointee.avail_in = 0
        }
        while true {
            stream.pointee.next_out = output.baseAddress?.assumingMemoryBound(to: UInt8.self)
            stream.pointee.avail_out = UInt32(output.count)
            let status = library.inflate(stream, Self.noFlush)
            let produced = output.count - Int(stream.pointee.avail_out)
            if produced > 0 { try sink(UnsafeRawBufferPointer(rebasing: output[0..<produced])) }
            switch status {
            case 0:
                // More to do while input remains or the output piece was filled.
                if stream.pointee.avail_in == 0 && stream.pointee.avail_out > 0 { return }
            case Self.streamEnd:
                guard stream.pointee.avail_in > 0 else {
                    isComplete = true
                    return
                }
                // Another gzip member follows (RFC 1952 allows several); deflate has one stream.
                guard coding == .gzip, library.inflateReset(stream) == 0 else { throw invalid }
            case Self.bufferError:
                // No progress possible without more input.
                return
            default:
                throw invalid
            }
        }
    }

    /// Checks that the compressed stream ended with the body; an empty body decodes to nothing.
    package func finish() throws {
        guard isStarted, !isComplete else { return }
        throw invalid
    }

    private var invalid: TransportError { .invalidContentCoding(coding.rawValue) }

    /// Sets zlib up for the coding; for `deflate`, a zlib header (RFC 1950: compression method
    /// 8 and a header checksum divisible by 31) says which of the two forms came.
    private func start(firstByte: UInt8, secondByte: UInt8?) throws {
        let windowBits: Int32
        switch coding {
        case .gzip:
            windowBits = 15 + 16
        case .deflate:
            let isZlib =
                firstByte & 0x0F == 8 && firstByte >> 4 <= 7
                && secondByte.map { (UInt16(firstByte) << 8 | UInt16($0)) % 31 == 0 } ?? true
            windowBits = isZlib ? 15 : -15
        }
        let status = library.inflateInit2(
            stream, windowBits, library.version, Int32(MemoryLayout<courier_z_stream>.size))
        guard status == 0 else { throw invalid }
        isStarted = true
    }
}
