import Foundation

/// The file of one disk entry: a magic number, the length of a JSON head, the head (the key,
/// status, fields, the `Vary` values, the times and the body's length), then the body.
///
/// Reading checks every part: a file cut short, with another magic number, a head that does not
/// decode, a body of another length or a key other than the one asked for is corrupt, and
/// ``decode(_:expecting:)`` returns `nil` (the store then deletes it).
enum DiskEntryCodec {
    /// `CRC` and the format's version.
    static let magic: [UInt8] = [0x43, 0x52, 0x43, 0x01]
    /// A head larger than this is corrupt: fields of real responses stay far below.
    static let headLimit = 1 << 20

    private struct Head: Codable {
        var method: String
        var url: String
        var partition: String
        var status: Int
        var fields: [[String]]
        var vary: [[String]]
        var requestTime: Double
        var responseTime: Double
        var bodyLength: Int
    }

    /// The file's bytes for `entry`.
    static func encode(_ entry: CachedEntry) throws -> Data {
        let head = Head(
            method: entry.key.method, url: entry.key.url, partition: entry.key.partition, status: entry.status,
            fields: entry.fields.map { [$0.name, $0.value] }, vary: entry.varyFields.map { [$0.name, $0.value] },
            requestTime: entry.requestTime.timeIntervalSince1970,
            responseTime: entry.responseTime.timeIntervalSince1970, bodyLength: entry.body.count)
        let headData = try JSONEncoder().encode(head)
        var data = Data(magic)
        let length = UInt32(headData.count)
        data.append(contentsOf: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: length >> $0) })
        data.append(headData)
        data.append(entry.body)
        return data
    }

    /// The entry in `data`, or `nil` when the file is corrupt or holds another key than `key`.
    static func decode(_ data: Data, expecting key: CacheKey) -> CachedEntry? {
        let bytes = [UInt8](data.prefix(8))
        guard bytes.count == 8, Array(bytes[0..<4]) == magic else { return nil }
        let length = bytes[4..<8].reduce(0) { $0 << 8 | Int($1) }
        guard length <= headLimit, data.count >= 8 + length else { return nil }
        let start = data.startIndex + 8
        guard let head = try? JSONDecoder().decode(Head.self, from: data[start..<start + length]) else { return nil }
        let body = data[(start + length)...]
        guard head.bodyLength == body.count, head.method == key.method, head.url == key.url,
            head.partition == key.partition, (100...999).contains(head.status),
            head.requestTime.isFinite, head.responseTime.isFinite
        else { return nil }
        var fields: [HeaderField] = []
        var vary: [HeaderField] = []
        for pair in head.fields {
            guard pair.count == 2 else { return nil }
            fields.append(HeaderField(name: pair[0], value: pair[1]))
        }
        for pair in head.vary {
            guard pair.count == 2 else { return nil }
            vary.append(HeaderField(name: pair[0], value: pair[1]))
        }
        return CachedEntry(
            key: key, status: head.status, fields: fields, body: Data(body), varyFields: vary,
            requestTime: Date(timeIntervalSince1970: head.requestTime),
            responseTime: Date(timeIntervalSince1970: head.responseTime))
    }
}
