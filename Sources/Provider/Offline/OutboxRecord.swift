import Foundation

/// One outbox entry as its journal keeps it (``OutboxJournal``): the entry's key, counts and
/// times, and its target as the target's `Codable` conformance writes it; never a request.
struct OutboxRecord<Target: TargetType & Codable>: Codable {
    /// What a failed entry keeps of its failure across launches.
    struct StoredFailure: Codable {
        var statusCode: Int?
        var message: String
        var failedAt: Double
    }

    var id: UUID
    var sequence: UInt64
    var idempotencyKey: String
    var enqueuedAt: Double
    var attempts: Int
    var target: Target
    var failure: StoredFailure?

    init(_ entry: OutboxEntry<Target>, failure: StoredFailure?) {
        id = entry.id
        sequence = entry.sequence
        idempotencyKey = entry.idempotencyKey
        enqueuedAt = entry.enqueuedAt.timeIntervalSince1970
        attempts = entry.attempts
        target = entry.target
        self.failure = failure
    }

    /// The entry the record holds.
    var entry: OutboxEntry<Target> {
        OutboxEntry(
            id: id, target: target, idempotencyKey: idempotencyKey,
            enqueuedAt: Date(timeIntervalSince1970: enqueuedAt), attempts: attempts, sequence: sequence)
    }

    /// The failure the record holds, if the entry failed.
    var outboxFailure: OutboxFailure<Target>? {
        failure.map { stored in
            OutboxFailure(
                entry: entry, statusCode: stored.statusCode, message: stored.message, error: nil,
                failedAt: Date(timeIntervalSince1970: stored.failedAt))
        }
    }

    /// Whether every part holds a value an entry can have.
    var isValid: Bool {
        sequence > 0 && attempts >= 0 && enqueuedAt.isFinite && Self.isValidKey(idempotencyKey)
            && (failure.map { $0.failedAt.isFinite } ?? true)
    }

    /// Whether `key` can be sent in a header as a Structured Fields string and bare alike: 1 to
    /// 255 visible ASCII characters, without `"` and `\`.
    static func isValidKey(_ key: String) -> Bool {
        (1...255).contains(key.utf8.count)
            && key.utf8.allSatisfy { $0 >= 0x21 && $0 <= 0x7E && $0 != 0x22 && $0 != 0x5C }
    }
}

/// One line of an outbox's journal: a change, as JSON, after a checksum of that JSON
/// (``OutboxJournalFraming``).
///
/// `put` stores an entry (new, or replacing the one with its id: an attempt counted, a failure),
/// `delete` removes one. The first line of a journal is its header, which names the format and
/// its version.
struct OutboxJournalLine<Target: TargetType & Codable>: Codable {
    enum Operation: String, Codable {
        case header, put, delete
    }

    var op: Operation
    var format: String?
    var version: Int?
    var record: OutboxRecord<Target>?
    var id: UUID?

    static func put(_ record: OutboxRecord<Target>) -> OutboxJournalLine {
        OutboxJournalLine(op: .put, record: record)
    }

    static func delete(_ id: UUID) -> OutboxJournalLine {
        OutboxJournalLine(op: .delete, id: id)
    }

    /// The line's bytes, framed, encoded by `encoder` (a journal keeps one for its queue: making
    /// an encoder costs more than using one).
    func encoded(by encoder: JSONEncoder = JSONEncoder()) throws -> Data {
        OutboxJournalFraming.frame(try encoder.encode(self))
    }

    /// The line in `bytes` (without its line feed), or `nil` when its checksum does not match, it
    /// does not decode as this outbox's (its target included), or its parts are not valid.
    static func decode(_ bytes: Data) -> OutboxJournalLine? {
        guard let json = OutboxJournalFraming.unframe(bytes),
            let line = try? JSONDecoder().decode(Self.self, from: json)
        else { return nil }
        switch line.op {
        case .header:
            return line.format == OutboxJournalFraming.format && line.version == OutboxJournalFraming.version
                ? line : nil
        case .put: return line.record?.isValid == true ? line : nil
        case .delete: return line.id == nil ? nil : line
        }
    }
}

/// How a journal line is framed: a checksum of its JSON (16 hex digits of the JSON's 64-bit
/// FNV-1a), a space, the JSON, a line feed. A torn or altered line shows.
enum OutboxJournalFraming {
    /// The format a journal's header names.
    static let format = "courier-outbox"
    /// The version of the format.
    static let version = 1

    /// `json` framed as a line.
    static func frame(_ json: Data) -> Data {
        var line = Data(checksum(json).utf8)
        line.append(0x20)
        line.append(json)
        line.append(0x0A)
        return line
    }

    /// The JSON of a framed line (given without its line feed), or `nil` when the frame or the
    /// checksum is wrong.
    static func unframe(_ bytes: Data) -> Data? {
        guard bytes.count > 17, bytes[bytes.startIndex + 16] == 0x20 else { return nil }
        let json = bytes[(bytes.startIndex + 17)...]
        guard String(decoding: bytes.prefix(16), as: UTF8.self) == checksum(json) else { return nil }
        return Data(json)
    }

    /// The 64-bit FNV-1a of `bytes`, as 16 lowercase hex digits.
    static func checksum(_ bytes: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
