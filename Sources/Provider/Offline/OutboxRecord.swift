import Foundation

/// The file of one outbox entry: JSON holding the entry (its target as the target's `Codable`
/// conformance writes it, never a request), named `<sequence, 16 hex digits>-<id>.mutation`.
///
/// Reading checks every part: the format and its version, the name against the id and sequence
/// inside, the key, the counts and times; a file that fails (cut short, another format, a target
/// that does not decode as this outbox's) is not an entry, and its outbox deletes it unsent.
struct OutboxRecord<Target: TargetType & Codable>: Codable {
    /// What a failed entry keeps of its failure across launches.
    struct StoredFailure: Codable {
        var statusCode: Int?
        var message: String
        var failedAt: Double
    }

    static var format: String { "courier-outbox" }
    static var version: Int { 1 }
    static var fileExtension: String { ".mutation" }

    var format: String
    var version: Int
    var id: UUID
    var sequence: UInt64
    var idempotencyKey: String
    var enqueuedAt: Double
    var attempts: Int
    var target: Target
    var failure: StoredFailure?

    init(_ entry: OutboxEntry<Target>, failure: StoredFailure?) {
        format = Self.format
        version = Self.version
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

    /// The name of the entry's file.
    var fileName: String { Self.fileName(sequence: sequence, id: id) }

    static func fileName(sequence: UInt64, id: UUID) -> String {
        let digits = String(sequence, radix: 16)
        return String(repeating: "0", count: max(0, 16 - digits.count)) + digits + "-" + id.uuidString.lowercased()
            + fileExtension
    }

    /// The sequence and id a file name says, or `nil` when it is not an entry's name.
    static func parse(fileName name: String) -> (sequence: UInt64, id: UUID)? {
        guard name.hasSuffix(fileExtension) else { return nil }
        let stem = name.dropLast(fileExtension.count)
        guard stem.count == 16 + 1 + 36, stem[stem.index(stem.startIndex, offsetBy: 16)] == "-" else { return nil }
        let digits = stem.prefix(16)
        guard digits.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }),
            let sequence = UInt64(digits, radix: 16), let id = UUID(uuidString: String(stem.suffix(36))),
            id.uuidString.lowercased() == stem.suffix(36)
        else { return nil }
        return (sequence, id)
    }

    /// The file's bytes.
    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(self)
    }

    /// The record in `data`, read from the file `name`, or `nil` when it is not a valid entry of
    /// this outbox.
    static func decode(_ data: Data, fileName name: String) -> OutboxRecord? {
        guard let named = parse(fileName: name), let record = try? JSONDecoder().decode(Self.self, from: data),
            record.format == format, record.version == version, record.id == named.id,
            record.sequence == named.sequence, record.sequence > 0, record.attempts >= 0,
            record.enqueuedAt.isFinite, isValidKey(record.idempotencyKey),
            record.failure.map({ $0.failedAt.isFinite }) ?? true
        else { return nil }
        return record
    }

    /// Whether `key` can be sent in a header as a Structured Fields string and bare alike: 1 to
    /// 255 visible ASCII characters, without `"` and `\`.
    static func isValidKey(_ key: String) -> Bool {
        (1...255).contains(key.utf8.count)
            && key.utf8.allSatisfy { $0 >= 0x21 && $0 <= 0x7E && $0 != 0x22 && $0 != 0x5C }
    }
}
