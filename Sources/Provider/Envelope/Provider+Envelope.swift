extension Provider {
    /// Sends `target` and only checks that it succeeded: for deletes and updates whose payload
    /// nobody reads.
    ///
    /// With an envelope (the provider's, or the target's own through ``EnvelopeOverriding``),
    /// the business status is checked and the payload, if any, is ignored; without one, only
    /// the target's `validationType` applies. It is ``request(_:)`` without a result to discard.
    ///
    /// ```swift
    /// try await mall.requestStatus(.deleteAddress(id: 3))
    /// ```
    ///
    /// - Throws: a ``CourierError``: `.business` with the server's message, `.sessionExpired`,
    ///   `.jsonMapping` for a body that is not JSON, or a transport error.
    public func requestStatus(_ target: Target) async throws {
        _ = try await request(target)
    }
}
