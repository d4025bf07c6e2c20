/// What a provider's target type can say about its targets, worked out once when the provider is
/// made: asking each call's target with `as?` costs a protocol conformance lookup per question
/// per call, several per call in all.
struct TargetTraits: Sendable {
    /// Whether each target value must be asked: a `MultiTarget` wraps targets of any type, and a
    /// class's subclasses may conform to protocols the class itself does not.
    let asksEachTarget: Bool
    /// Whether a target may name its own timeout (``TimeoutConfigurable``).
    let mayHaveTimeout: Bool
    /// Whether a target may choose another envelope (``EnvelopeOverriding``).
    let mayOverrideEnvelope: Bool
    /// Whether a target may choose its cache policy (``CachePolicyConfigurable``).
    let mayHaveCachePolicy: Bool
    /// Whether a target may declare cache tags or invalidations (``InvalidationConfigurable``).
    let mayInvalidate: Bool

    init<Target: TargetType>(_ type: Target.Type) {
        asksEachTarget = type == MultiTarget.self || type is AnyClass
        mayHaveTimeout = asksEachTarget || type is any TimeoutConfigurable.Type
        mayOverrideEnvelope = asksEachTarget || type is any EnvelopeOverriding.Type
        mayHaveCachePolicy = asksEachTarget || type is any CachePolicyConfigurable.Type
        mayInvalidate = asksEachTarget || type is any InvalidationConfigurable.Type
    }
}
