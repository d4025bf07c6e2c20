import Foundation

/// A response body kept whole, collected up to a size limit: the one rule every transport and the
/// chain's decoding link follow for a buffered call (data and upload calls in memory; a download
/// counted here and written to its file by its transport).
///
/// A declared length past the limit is refused before a byte of the body arrives; otherwise the
/// bytes are counted as they come, and the first that passes the limit stops the body with
/// ``TransportError/responseTooLarge(limit:)``, so memory never holds more than the limit.
package struct BodyCollector: Sendable {
    /// Memory for a body of declared length is reserved at once up to this size; a larger one
    /// grows as it arrives, so a lying `Content-Length` costs at most this much up front.
    static let reservedLimit: Int64 = 16 * 1024 * 1024

    /// The most bytes accepted; `nil` for no limit.
    package let limit: Int64?
    /// Whether the bytes are kept here (memory) or only counted (a download, written elsewhere).
    package let keepsBytes: Bool
    /// The bytes kept so far.
    package private(set) var data = Data()
    /// The bytes accepted so far, kept or not.
    package private(set) var count: Int64 = 0

    /// A collector of at most `limit` bytes, which keeps them when `keepsBytes`.
    package init(limit: Int64?, keepsBytes: Bool = true) {
        self.limit = limit
        self.keepsBytes = keepsBytes
    }

    /// A body that came whole, outside any limit (a transport that reads it in one piece).
    package init(whole data: Data) {
        limit = nil
        keepsBytes = true
        self.data = data
        count = Int64(data.count)
    }

    /// The body's declared length: refused past the limit, otherwise memory reserved for it.
    package mutating func expect(length: Int64) throws(TransportError) {
        if let limit, length > limit { throw .responseTooLarge(limit: limit) }
        if keepsBytes, length > 0, length <= Self.reservedLimit { data.reserveCapacity(Int(length)) }
    }

    /// Takes `bytes`, or fails when they pass the limit (keeping nothing of them).
    package mutating func append(_ bytes: UnsafeRawBufferPointer) throws(TransportError) {
        try count(bytes.count)
        if keepsBytes { data.append(contentsOf: bytes) }
    }

    /// Takes `piece`, or fails when it passes the limit (keeping nothing of it).
    package mutating func append(_ piece: Data) throws(TransportError) {
        try count(piece.count)
        if keepsBytes { data.append(piece) }
    }

    /// The body collected, leaving the collector empty (its count stays).
    package mutating func take() -> Data {
        defer { data = Data() }
        return data
    }

    private mutating func count(_ added: Int) throws(TransportError) {
        count += Int64(added)
        if let limit, count > limit {
            data = Data()
            throw .responseTooLarge(limit: limit)
        }
    }

    /// The body a download wrote to `file`, read back whole by the same rule: a file past `limit`
    /// fails with ``TransportError/responseTooLarge(limit:)`` after reading no more than the limit
    /// and one byte. What a download's error page becomes (its status is no file's), so a large
    /// page costs no more memory than any buffered body. Blocking: run it on ``BlockingQueue``.
    package static func collect(file: URL, limit: Int64?) throws -> Data {
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        var collector = BodyCollector(limit: limit)
        while true {
            let piece = handle.readData(ofLength: 64 * 1024)
            guard !piece.isEmpty else { return collector.take() }
            try collector.append(piece)
        }
    }
}
