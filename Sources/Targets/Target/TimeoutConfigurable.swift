import Foundation

/// A target with a time limit of its own, which Moya never had.
///
/// The limit covers the whole exchange — connecting, sending, waiting and receiving the body —
/// so a server that accepts and never answers, or trickles its body, ends the call with
/// `URLError(.timedOut)` when the time is up. Stubbed calls are not limited.
///
/// ```swift
/// extension MallAPI: TimeoutConfigurable {
///     var timeout: TimeInterval? {
///         switch self {
///         case .goods: 10
///         case .upload: 120
///         default: nil        // the provider's default
///         }
///     }
/// }
/// ```
public protocol TimeoutConfigurable: TargetType {
    /// The time limit in seconds; `nil` for the provider's default (`ProviderOptions.timeout`).
    var timeout: TimeInterval? { get }
}
