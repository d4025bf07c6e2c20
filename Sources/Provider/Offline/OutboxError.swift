import Foundation

/// Why an ``Outbox`` did not accept a mutation, or did not do what it was asked.
public enum OutboxError: Error, Sendable, Equatable, LocalizedError, CustomStringConvertible {
    /// The outbox holds its most entries or bytes (``OutboxOptions/maximumEntries``,
    /// ``OutboxOptions/maximumBytes``), failed ones included: drop or retry some first.
    case full(maximumEntries: Int, maximumBytes: Int)
    /// The folder is not one only this user can write (a symbolic link, another user's, not a
    /// folder, or not usable): a file in it could be forged and sent. The outbox stores nothing.
    case unsafeFolder(path: String, reason: String)
    /// The folder is another outbox's: one of this process with another target type, or one of
    /// another process (which holds its lock). One folder per outbox, per process.
    case folderInUse(path: String)
    /// The target, encoded, has a member whose name is a credential's (`password`, `token`,
    /// `authorization`, …): it would be written to disk. Tokens belong in the plugins, which add
    /// them when the mutation is sent; a field that only looks like one can be renamed in the
    /// target's `CodingKeys`.
    case credentialInTarget(field: String)
    /// The target could not be encoded (its `Codable` conformance threw).
    case targetNotEncodable(String)
    /// An idempotency key the app gave is empty, longer than 255 characters, or has a character a
    /// Structured Fields string cannot hold (a control character, `"` or `\`).
    case invalidIdempotencyKey(String)
    /// ``Outbox/retry(_:isolation:)`` named an entry that is not in the failed list.
    case notFailed(UUID)
    /// The entry's file could not be written (the disk is full, the folder went away).
    case cannotWrite(path: String, reason: String)
    /// The outbox was closed (``Outbox/close()``).
    case closed

    /// What went wrong, in a sentence.
    public var errorDescription: String? {
        switch self {
        case .full(let entries, let bytes):
            "The outbox is full (at most \(entries) mutations and \(bytes) bytes): drop or retry failed ones first."
        case .unsafeFolder(let path, let reason):
            "The outbox folder \(path) is not safe to use (\(reason)); the outbox stores nothing."
        case .folderInUse(let path):
            "The outbox folder \(path) is used by another outbox (another target type, or another process)."
        case .credentialInTarget(let field):
            "The target has a member named \(field), a credential's name, which the outbox would write to disk: "
                + "let a plugin add credentials when the call is sent, or rename the member in its CodingKeys."
        case .targetNotEncodable(let reason):
            "The target could not be encoded: \(reason)"
        case .invalidIdempotencyKey(let key):
            "The idempotency key \"\(key)\" is empty, too long, or has a character a header cannot carry."
        case .notFailed(let id):
            "The outbox has no failed mutation \(id.uuidString)."
        case .cannotWrite(let path, let reason):
            "The outbox could not write \(path): \(reason)"
        case .closed:
            "The outbox was closed."
        }
    }

    /// The same text as ``errorDescription``.
    public var description: String { errorDescription ?? "OutboxError" }
}
