import Foundation

/// Which call, and which attempt of it, a plugin hook is looking at.
///
/// The provider sets it for the whole of every call, stubbed or not, so every hook of
/// ``PluginType`` can read it without a change to the Moya-shaped signatures:
///
/// ```swift
/// struct AttemptLogger: PluginType {
///     func willSend(_ request: URLRequest, target: any TargetType) {
///         guard let call = CallContext.current else { return }
///         print("call", call.id, "attempt", call.attempt, request.url?.path ?? "")
///     }
/// }
/// ```
///
/// It is `nil` outside a provider's call (a plugin driven by hand in a test). Work a hook starts
/// in a `Task` of its own inherits it; work it hands to a `DispatchQueue` does not, so read it first.
public struct CallContext: Sendable, Hashable {
    /// Identifies the call among every call of the process: the attempts of one call share it, and
    /// no two calls have the same one.
    public let id: UInt64
    /// The attempt the hook belongs to: 1 for the first, 2 for the first retry, and so on. In
    /// ``PluginType/didFinish(_:target:)``, the last attempt that ran.
    public let attempt: Int
    /// When the call started (before its first `prepare`), on the clock that measures durations.
    public let startedAt: ContinuousClock.Instant
    /// How the current attempt's exchange went over the network, when the transport measured it;
    /// `nil` before the transport answered, for stubbed calls, and for transports that do not
    /// measure.
    public var timings: CallTimings? { call.timings(of: attempt) }
    /// For a streaming call (`bytes`, `lines`, `events`), in ``PluginType/didFinish(_:target:)``:
    /// how much of the body the app was handed; `nil` otherwise.
    public private(set) var streamed: StreamedAmount?
    /// The call this is a view of: ``timings`` reads it as the attempt goes on, so the context is
    /// bound once per attempt.
    private let call: Call

    /// The context of the call the current task runs, if any.
    public static var current: CallContext? { bound }

    /// Set only by the provider's pipeline, so that a plugin cannot pass another call's context off
    /// as its own.
    @TaskLocal static var bound: CallContext?

    /// The view of `call` at `attempt`.
    init(call: Call, attempt: Int) {
        self.id = call.id
        self.attempt = attempt
        self.startedAt = call.startedAt
        self.call = call
    }

    /// The same attempt with what its stream handed the app.
    func with(streamed amount: StreamedAmount) -> CallContext {
        var context = self
        context.streamed = amount
        return context
    }

    /// Two contexts are equal when they show the same attempt of the same call with the same
    /// streamed amount (their ``timings``, read from the call, are then the same too).
    public static func == (lhs: CallContext, rhs: CallContext) -> Bool {
        lhs.id == rhs.id && lhs.attempt == rhs.attempt && lhs.streamed == rhs.streamed
    }

    /// Hashes what never changes: the call and the attempt.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(attempt)
    }
}
