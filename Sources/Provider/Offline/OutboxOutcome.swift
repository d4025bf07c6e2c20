/// How an ``Outbox`` ended with a mutation, for the app to reconcile what it showed optimistically:
/// ``Outbox/outcomes``.
public enum OutboxOutcome<Target: TargetType & Codable>: Sendable {
    /// The server accepted the mutation; its answer (after the envelope's check).
    case sent(OutboxEntry<Target>, Response)
    /// The server refused it for good, or its request could not be made: it moved to
    /// ``Outbox/failed``.
    case failed(OutboxFailure<Target>)

    /// The mutation.
    public var entry: OutboxEntry<Target> {
        switch self {
        case .sent(let entry, _): entry
        case .failed(let failure): failure.entry
        }
    }
}
