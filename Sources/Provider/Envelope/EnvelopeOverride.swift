/// A target that chooses its own envelope instead of its provider's, for APIs that mix
/// enveloped and raw endpoints (a file download, a third-party callback, a health check).
///
/// ```swift
/// enum MallAPI: TargetType, EnvelopeOverriding {
///     case goods(page: Int), health, weather(city: String)
///     // …
///     var envelope: EnvelopeOverride {
///         switch self {
///         case .goods: .inherited                                   // the provider's envelope
///         case .health: .raw                                        // no envelope at all
///         case .weather: .custom(JSONEnvelope(codeKey: "status"))   // another dialect
///         }
///     }
/// }
/// ```
///
/// The choice applies to every call of the target (``Provider/request(_:)`` checks the status
/// with it, ``Provider/request(_:as:)`` decodes with it), and is seen through `MultiTarget`.
public protocol EnvelopeOverriding: TargetType {
    /// The envelope this target's responses are unwrapped through.
    var envelope: EnvelopeOverride { get }
}

/// Which envelope a target's responses go through; see ``EnvelopeOverriding``.
public enum EnvelopeOverride: Sendable {
    /// The provider's envelope, as if the target did not override it.
    case inherited
    /// No envelope: the status is not checked, and ``Provider/request(_:as:)`` decodes the whole body.
    case raw
    /// This envelope instead of the provider's.
    case custom(any ResponseEnvelope)

    /// The envelope for `target`: its own choice when it (or the target a `MultiTarget`
    /// wraps) is ``EnvelopeOverriding``, `providerEnvelope` otherwise.
    static func resolve(
        for target: any TargetType, providerEnvelope: (any ResponseEnvelope)?
    ) -> (any ResponseEnvelope)? {
        guard let overriding = MultiTarget.unwrap(target) as? any EnvelopeOverriding else { return providerEnvelope }
        switch overriding.envelope {
        case .inherited: return providerEnvelope
        case .raw: return nil
        case .custom(let envelope): return envelope
        }
    }
}
