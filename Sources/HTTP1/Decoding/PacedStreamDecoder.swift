import CourierTransport
import Foundation

/// A stream's ``ContentDecoder``, paced by the consumer: compressed bytes are inflated a small
/// slice at a time into the ``StreamedBody``, and once its buffer is full the rest waits here,
/// compressed, until the consumer has made room. The connection reads no more meanwhile.
///
/// What a stream holds is then its buffer, one decoded piece and one read of compressed bytes,
/// whatever the compression ratio: a slice of ``sliceSize`` bytes inflates to at most about
/// 1032 times as much (DEFLATE's greatest expansion), so a bomb cannot make one read of the
/// socket a hundred megabytes of decoded body.
///
/// Used under its `StreamSink`'s lock only.
final class PacedStreamDecoder: @unchecked Sendable {
    /// Compressed bytes inflated before the body's buffer is looked at again.
    static let sliceSize = 256
    /// Decoded bytes gathered before they are handed to the body.
    static let pieceSize = 64 * 1024

    private let decoder: ContentDecoder
    /// Compressed bytes not inflated yet: the body's buffer filled first.
    private var pending = Data()
    private var offset = 0

    init(_ decoder: ContentDecoder) {
        self.decoder = decoder
    }

    /// Whether compressed bytes wait for room in the body.
    var hasPending: Bool { offset < pending.count }

    /// Inflates `bytes` after what waits into `body`; returns `true` when the body's buffer is
    /// full (stop reading until the consumer made room and ``drain(into:)`` returns `false`).
    func decode(_ bytes: Data, into body: StreamedBody) throws -> Bool {
        if hasPending {
            pending.append(bytes)
        } else {
            (pending, offset) = (bytes, 0)
        }
        return try drain(into: body)
    }

    /// Inflates what waits into `body` until it is all decoded, or the body's buffer is full;
    /// returns whether it is full (`false` for a cancelled body, which drops the rest).
    func drain(into body: StreamedBody) throws -> Bool {
        var piece = Data()
        var full = false
        while offset < pending.count, !full {
            let end = min(offset + Self.sliceSize, pending.count)
            try pending[offset..<end].withUnsafeBytes { slice in
                try decoder.decode(slice) { piece.append(contentsOf: $0) }
            }
            offset = end
            if piece.count >= Self.pieceSize {
                full = !body.yield(piece)
                piece = Data()
            }
        }
        if !piece.isEmpty { full = !body.yield(piece) }
        if body.isCancelled || !hasPending { (pending, offset) = (Data(), 0) }
        return full && !body.isCancelled
    }

    /// Checks that the compressed stream ended with the body (call once nothing waits).
    func finish() throws {
        try decoder.finish()
    }
}
