import Foundation

/// A change of network activity, as in Moya.
public enum NetworkActivityChangeType: Sendable, Hashable {
    /// A request is about to be sent (or stubbed).
    case began
    /// That request ended: answered, failed or cancelled.
    case ended
}
