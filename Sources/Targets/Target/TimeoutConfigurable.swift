import Foundation

/// A target with a time limit of its own, which Moya never had.
///
/// The limit covers the whole call — the plugins' `prepare` (a token refresh included),
/// connecting, sending, waiting, receiving the body, decoding and every retry — so a server that
/// accepts and never answers, or trickles its body, ends the call with `URLError(.timedOut)` when
/// the time is up. It applies to stubbed calls too (a delayed stub longer than it times out) and
/// to uploads and downloads, which the provider's default leaves unlimited.
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
    /// The time limit in seconds; `nil` for the provider's default (`ProviderOptions.timeout`),
    /// `.infinity` for none.
    var timeout: TimeInterval? { get }
}
