/// A target that takes part in invalidation, declared the way ``CachePolicyConfigurable``
/// declares a cache policy: the tags its answers are stored under, and what a successful call of
/// it makes stale.
///
/// ```swift
/// extension FeedAPI: InvalidationConfigurable {
///     var cacheTags: Set<String> {
///         switch self {
///         case .feed, .post: ["feed"]
///         default: []
///         }
///     }
///
///     var invalidates: [Invalidation<FeedAPI>] {
///         switch self {
///         case .like(let postID): [.target(.post(id: postID)), .tag("feed")]
///         default: []
///         }
///     }
/// }
/// ```
///
/// When a call of the target succeeds with an answer from the server (not from the cache), each
/// invalidation is applied before the caller gets the result: the stored answers it names are
/// dropped from the provider's ``HTTPCache``, and the live values loaded from them
/// (``RemoteValue``) load again. This is on top of the cache's own rule, which drops what is
/// stored for the URL of a `POST`, `PUT`, `PATCH` or `DELETE` that succeeds. A call sent by an
/// ``Outbox`` invalidates the same way when it is finally sent.
public protocol InvalidationConfigurable: TargetType {
    /// The tags this target's answers are stored under, for ``Invalidation/tag(_:)``; none by default.
    var cacheTags: Set<String> { get }
    /// What a successful call of this target makes stale; nothing by default.
    var invalidates: [Invalidation<Self>] { get }
}

extension InvalidationConfigurable {
    /// No tags.
    public var cacheTags: Set<String> { [] }

    /// Nothing.
    public var invalidates: [Invalidation<Self>] { [] }
}
