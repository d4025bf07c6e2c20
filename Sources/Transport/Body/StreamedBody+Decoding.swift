import Foundation

extension StreamedBody {
    /// Makes the consumer read this body decoded by `decoder`: the chain's content decoding for a
    /// stream, set before the consumer reads. The buffer holds the bytes as the server sent them,
    /// so it bounds the compressed bytes waiting, and each decoded piece is inflated from a small
    /// slice, so that a bomb costs one piece, not its expansion.
    package func decodeAsRead(with decoder: ContentDecoder) {
        state.withLock { $0.decoding = ReadDecoding(decoder) }
    }
}

/// The consumer's side of a decoded stream: compressed bytes taken from the body, inflated a slice
/// at a time into pieces of about ``pieceSize`` bytes. Used by the body's one consumer.
final class ReadDecoding: @unchecked Sendable {
    /// Compressed bytes inflated before the piece's size is looked at again: one slice inflates
    /// to at most about 1032 times as much (DEFLATE's greatest expansion).
    static let sliceSize = 256
    /// Decoded bytes gathered before they are handed to the consumer.
    static let pieceSize = 64 * 1024

    private let decoder: ContentDecoder
    /// Compressed bytes taken from the body and not inflated yet.
    private var pending = Data()
    private var offset = 0

    init(_ decoder: ContentDecoder) {
        self.decoder = decoder
    }

    /// The next decoded piece, `nil` once the body and its compressed stream ended. Bytes that do
    /// not decode, or a body that ends inside its compressed stream, fail the body with
    /// ``TransportError/invalidContentCoding(_:)``, which stops its producer.
    func next(from body: StreamedBody) async throws -> Data? {
        do {
            while true {
                if let piece = try inflatePending() { return piece }
                guard let taken = try await body.nextAsSent() else {
                    try decoder.finish()
                    return nil
                }
                (pending, offset) = (taken, 0)
            }
        } catch let error as TransportError {
            body.stop(with: error, keepsBuffer: false)
            throw error
        }
    }

    /// A piece inflated from what is pending, or `nil` when nothing is pending (or it decoded to
    /// nothing).
    private func inflatePending() throws -> Data? {
        var piece = Data()
        while offset < pending.count, piece.count < Self.pieceSize {
            let end = min(offset + Self.sliceSize, pending.count)
            let start = pending.startIndex
            try pending[(start + offset)..<(start + end)].withUnsafeBytes { slice in
                try decoder.decode(slice) { piece.append(contentsOf: $0) }
            }
            offset = end
        }
        if offset >= pending.count { (pending, offset) = (Data(), 0) }
        return piece.isEmpty ? nil : piece
    }
}
