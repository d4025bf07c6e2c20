import Foundation

/// A target that chooses whether its failures show a status message.
///
/// Background work — a silent refresh, a poll, analytics — should not pop up "you appear to
/// be offline" over whatever the user is doing:
///
/// ```swift
/// extension MallAPI: StatusMessageConfigurable {
///     var showsStatusMessages: Bool {
///         switch self {
///         case .refreshBadge, .reportEvent: false
///         default: true
///         }
///     }
/// }
/// ```
///
/// Targets that do not conform show messages. ``StatusMessagePlugin`` sees through `MultiTarget`.
public protocol StatusMessageConfigurable: TargetType {
    /// Whether a failure of this call shows a message.
    var showsStatusMessages: Bool { get }
}
