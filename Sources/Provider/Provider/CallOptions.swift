import Foundation

/// What a call made by Courier's own layers above the provider asks of the pipeline, beyond what
/// its target says: the offline-first layer (`Offline/`) reads the cache alone, revalidates, and
/// sends a mutation with its idempotency key. An app's call has none of these.
struct CallOptions: Sendable {
    /// The cache policy in place of the target's (``Provider/cachePolicy(for:cache:)``).
    var cachePolicy: CachePolicy?
    /// Whether the call is answered from the cache alone: the chain's transport is replaced by
    /// one that refuses every request (``StorageOnlyTransport``), so nothing reaches the network,
    /// and in-flight sharing is off, so the call never waits for one that went there.
    var storageOnly = false
    /// Header fields added to the request after the request closure and before the plugins'
    /// `prepare`, each unless the request already has it: the plugins see them, and the request
    /// check (``RequestSyntax``) judges them like any other.
    var headers: [HeaderField] = []
    /// Whether the call is an outbox's: its success does not count as "another call succeeded"
    /// for the outboxes waiting for the network (``OfflineHub/callSucceeded(from:)``).
    var isOutboxSend = false

    /// An app's call.
    static let none = CallOptions()
}
