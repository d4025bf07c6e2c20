import Foundation

/// Settings of an ``Outbox``.
///
/// ```swift
/// var settings = OutboxOptions()
/// settings.maximumEntries = 200
/// settings.retriedStatusCodes.insert(409)   // a server that answers 409 while a key is in progress
/// let outbox = Outbox(provider: api, directory: folder, options: settings)
/// ```
public struct OutboxOptions: Sendable {
    /// The most mutations kept, pending and failed together; `1_000` by default. An
    /// ``Outbox/enqueue(_:idempotencyKey:isolation:)`` beyond it throws ``OutboxError/full(maximumEntries:maximumBytes:)``.
    public var maximumEntries: Int
    /// The most bytes their files take, together; 10 MiB by default.
    public var maximumBytes: Int
    /// The request header that carries each mutation's key; `Idempotency-Key` (the IETF draft's
    /// name) by default, `nil` to send none. A target that sets the header itself keeps its own.
    public var idempotencyKeyHeader: String?
    /// Whether the key is sent as a Structured Fields string (`"8e03978e-…"`, with the quotes the
    /// IETF draft asks for); `true` by default. `false` sends it bare, as some APIs expect.
    public var quotesIdempotencyKey: Bool
    /// The `4xx` statuses after which a mutation is sent again rather than failed: `408` and
    /// `429` by default. Every `5xx`, and every failure to reach the server, is retried anyway.
    public var retriedStatusCodes: Set<Int>
    /// How long to wait between attempts.
    public var backoff: OutboxBackoff
    /// How a wait is waited; `nil` (the default) sleeps. A test's clock returns when the test
    /// says, so no test sleeps.
    package var wait: (@Sendable (Duration) async throws -> Void)?
    /// Where the jitter of a wait comes from, in `0...1`; `nil` (the default) is random.
    package var random: (@Sendable () -> Double)?

    /// Creates options.
    ///
    /// - Parameters:
    ///   - maximumEntries: the most mutations kept; `1_000` by default.
    ///   - maximumBytes: the most bytes their files take; 10 MiB by default.
    ///   - idempotencyKeyHeader: the key's header; `Idempotency-Key` by default, `nil` for none.
    ///   - quotesIdempotencyKey: whether the key is quoted; `true` by default.
    ///   - retriedStatusCodes: the `4xx` statuses retried; `[408, 429]` by default.
    ///   - backoff: the waits between attempts; ``OutboxBackoff/init(initialDelay:maximumDelay:multiplier:)``'s defaults.
    public init(
        maximumEntries: Int = 1_000, maximumBytes: Int = 10 << 20, idempotencyKeyHeader: String? = "Idempotency-Key",
        quotesIdempotencyKey: Bool = true, retriedStatusCodes: Set<Int> = [408, 429],
        backoff: OutboxBackoff = OutboxBackoff()
    ) {
        self.maximumEntries = maximumEntries
        self.maximumBytes = maximumBytes
        self.idempotencyKeyHeader = idempotencyKeyHeader
        self.quotesIdempotencyKey = quotesIdempotencyKey
        self.retriedStatusCodes = retriedStatusCodes
        self.backoff = backoff
        self.wait = nil
        self.random = nil
    }
}
