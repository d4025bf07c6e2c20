import Foundation

/// A mutation an ``Outbox`` will not send again by itself: the server refused it (a `4xx` other
/// than `408` and `429`, an envelope's failure code, an expired session), or its request could not
/// be made. It waits in ``Outbox/failed`` until the app retries or drops it.
public struct OutboxFailure<Target: TargetType & Codable>: Sendable, Identifiable {
    /// The mutation.
    public let entry: OutboxEntry<Target>
    /// The HTTP status the server answered, if it answered.
    public let statusCode: Int?
    /// What went wrong, in a sentence: the error's description (the server's message for an
    /// envelope's failure code), with the request's credentials masked.
    public let message: String
    /// The error itself, in the process that saw it; `nil` for a failure read back from disk
    /// after a restart (``statusCode`` and ``message`` are kept).
    public let error: CourierError?
    /// When it failed.
    public let failedAt: Date

    /// The entry's id.
    public var id: UUID { entry.id }
}
