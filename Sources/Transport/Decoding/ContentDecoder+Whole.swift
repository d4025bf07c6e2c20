import Foundation

extension ContentDecoder {
    /// `data` decoded whole, collected as a transport collects a body (``BodyCollector``): fails
    /// with ``TransportError/responseTooLarge(limit:)`` as soon as the decoded bytes pass `limit`,
    /// so a compressed bomb costs no more than the limit.
    package func decode(whole data: Data, limit: Int64?) throws -> Data {
        var decoded = BodyCollector(limit: limit)
        try data.withUnsafeBytes { bytes in
            try decode(bytes) { piece in try decoded.append(piece) }
        }
        try finish()
        return decoded.take()
    }

    /// The file at `source` decoded into a new file beside it, a piece at a time, within `limit`
    /// decoded bytes; `source` is removed either way, and the new file on failure. Blocking:
    /// run it on ``FileQueue``.
    package func decode(file source: URL, limit: Int64?) throws -> URL {
        let target = source.deletingLastPathComponent()
            .appendingPathComponent("courier-decoded-\(UUID().uuidString).tmp")
        defer { try? FileManager.default.removeItem(at: source) }
        guard FileManager.default.createFile(atPath: target.path, contents: nil, attributes: [.posixPermissions: 0o600])
        else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: target.path]) }
        do {
            let input = try FileHandle(forReadingFrom: source)
            defer { try? input.close() }
            let output = try FileHandle(forWritingTo: target)
            defer { try? output.close() }
            var written = BodyCollector(limit: limit, keepsBytes: false)
            while let piece = try input.read(upToCount: 64 * 1024), !piece.isEmpty {
                try piece.withUnsafeBytes { bytes in
                    try decode(bytes) { decoded in
                        try written.append(decoded)
                        try output.write(contentsOf: Data(decoded))
                    }
                }
            }
            try finish()
            return target
        } catch {
            try? FileManager.default.removeItem(at: target)
            throw error
        }
    }
}
