import Foundation

extension ContentDecoder {
    /// `data` decoded whole, collected as a transport collects a body (``BodyCollector``), within
    /// `limit` bytes counted together with `data` itself: both are held while it decodes, so
    /// memory stays within the limit, and a compressed bomb ends there.
    package func decode(whole data: Data, limit: Int64?) throws -> Data {
        var decoded = BodyCollector(limit: limit.map { $0 - Int64(data.count) })
        do {
            try data.withUnsafeBytes { bytes in
                try decode(bytes) { piece in try decoded.append(piece) }
            }
        } catch TransportError.responseTooLarge {
            throw TransportError.responseTooLarge(limit: limit ?? 0)
        }
        try finish()
        return decoded.take()
    }

    /// The file at `source` decoded into a new file beside it (``OwnerOnlyFile``, as downloads are), a
    /// piece at a time, within `limit` decoded bytes; `source` is removed either way, and the new
    /// file on failure. `isCancelled` is asked between pieces: the call's cancellation stops the
    /// work at once, with `CancellationError`. Blocking: run it on ``BlockingQueue``.
    package func decode(file source: URL, limit: Int64?, isCancelled: () -> Bool) throws -> URL {
        defer { try? FileManager.default.removeItem(at: source) }
        let target = source.deletingLastPathComponent()
            .appendingPathComponent("courier-decoded-\(UUID().uuidString).tmp")
        let output = FileHandle(fileDescriptor: try OwnerOnlyFile.create(at: target), closeOnDealloc: true)
        do {
            let input = try FileHandle(forReadingFrom: source)
            defer { try? input.close() }
            var written = BodyCollector(limit: limit, keepsBytes: false)
            while let piece = try input.read(upToCount: 64 * 1024), !piece.isEmpty {
                if isCancelled() { throw CancellationError() }
                try piece.withUnsafeBytes { bytes in
                    try decode(bytes) { decoded in
                        try written.append(decoded)
                        try output.write(contentsOf: Data(decoded))
                    }
                }
            }
            try finish()
            try output.close()
            return target
        } catch {
            try? output.close()
            try? FileManager.default.removeItem(at: target)
            throw error
        }
    }
}
