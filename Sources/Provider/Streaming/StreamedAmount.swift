/// How much of a streamed body a streaming call handed the app, as its plugins' `didFinish` sees
/// it in ``CallContext/streamed``: what a logger reports instead of every event.
public struct StreamedAmount: Sendable, Hashable {
    /// The bytes of the body received.
    public let bytes: Int64
    /// The values handed to the app: chunks, lines, events or decoded models, as the call asked.
    public let elements: Int
}
