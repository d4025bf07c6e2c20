/// Where a pooled connection goes: connections to the same key are interchangeable.
///
/// A value of the portable core (the request serializer computes it, the pool machine files
/// connections under it), so it lives outside the Linux-only pool shell, which names it
/// `HTTP1ConnectionPool.Key`.
struct HTTP1PoolKey: Hashable, Sendable {
    /// The host name or address, by one spelling (``HostName/normalized(_:)``).
    var host: String
    /// The TCP port.
    var port: Int
    /// Whether connections speak TLS (`https://`).
    var isSecure: Bool
    /// The public keys the provider requires of this host (``TransportRequest/pinnedPublicKeys``),
    /// on top of the transport's own pins: a connection verified against them serves only
    /// requests that require the same, and one made without them never serves those.
    var requiredPins: Set<String>? = nil
}
