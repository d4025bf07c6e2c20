import Foundation

/// A mutation in an ``Outbox``: the target to send, and the key that makes sending it again safe.
public struct OutboxEntry<Target: TargetType & Codable>: Sendable, Identifiable {
    /// Identifies the entry in its outbox, across launches.
    public let id: UUID
    /// The call to send, as the app gave it; its request is built when it is sent.
    public let target: Target
    /// The `Idempotency-Key` it is sent with, the same on every attempt and after a restart: a
    /// server that records the keys it has applied applies the mutation once.
    public let idempotencyKey: String
    /// When the app gave it to the outbox.
    public let enqueuedAt: Date
    /// How many times it was sent and did not succeed.
    public let attempts: Int
    /// Its place in the outbox's order.
    let sequence: UInt64

    /// The same entry after one more attempt that did not succeed.
    func attempted() -> OutboxEntry {
        OutboxEntry(
            id: id, target: target, idempotencyKey: idempotencyKey, enqueuedAt: enqueuedAt, attempts: attempts + 1,
            sequence: sequence)
    }
}
