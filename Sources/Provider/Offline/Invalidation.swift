/// What a successful mutation makes stale: another target's stored answers, or every answer
/// under a cache tag. A target declares them through ``InvalidationConfigurable/invalidates``;
/// ``Provider/invalidate(_:)`` applies them at the app's word.
///
/// ```swift
/// var invalidates: [Invalidation<FeedAPI>] {
///     switch self {
///     case .like(let postID): [.target(.post(id: postID)), .tag("feed")]
///     default: []
///     }
/// }
/// ```
///
/// Applying one drops the stored answers it names from the provider's ``HTTPCache`` (memory and
/// disk) and tells the live values loaded from them (``RemoteValue``) to load again.
public struct Invalidation<Target: TargetType>: Sendable {
    enum Kind: Sendable {
        case target(Target)
        case tag(String)
    }

    let kind: Kind

    /// The stored answers for `target`'s URL, whatever their method and credentials, and the live
    /// values loaded from it.
    public static func target(_ target: Target) -> Invalidation {
        Invalidation(kind: .target(target))
    }

    /// The stored answers of every target whose ``InvalidationConfigurable/cacheTags`` hold `tag`
    /// and that this process has called, and the live values of such targets.
    public static func tag(_ tag: String) -> Invalidation {
        Invalidation(kind: .tag(tag))
    }
}
