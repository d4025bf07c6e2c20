import Foundation

/// A plugin's answer to a failed call.
public enum RetryDecision: Sendable, Equatable {
    /// Let the failure stand (unless a later plugin asks for a retry).
    case doNotRetry
    /// Send the call again at once, from `prepare` on.
    case retry
    /// Send the call again after this many seconds; the wait ends early if the call is cancelled.
    case retryAfter(TimeInterval)
}
