import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// `@Sendable` on the functions an app passes as closures (`stubClosure: Provider.immediatelyStub`):
// in the Swift 5 language mode a method reference is not inferred `Sendable`, and passing one to
// the provider's `@Sendable` parameters warned.
extension Provider {
    /// The endpoint of `target` as it describes itself: its URL, method, task and headers,
    /// with `sampleData` and status 200 as the stubbed response.
    ///
    /// Extend it in an endpoint closure rather than replacing it:
    /// `Provider.defaultEndpointMapping(for: target).adding(newHTTPHeaderFields: [...])`.
    @Sendable public static func defaultEndpointMapping(for target: Target) -> Endpoint {
        // Sample data is read only when a call is stubbed: an app's may load a file.
        Endpoint(
            url: URL.absoluteString(of: target),
            sampleResponseClosure: { .networkResponse(200, target.sampleData) },
            method: target.method,
            task: target.task,
            httpHeaderFields: target.headers)
    }

    /// The endpoint's own `URLRequest`.
    @Sendable public static func defaultRequestMapping(for endpoint: Endpoint) async throws -> URLRequest {
        try endpoint.urlRequest()
    }

    /// Never stubs: every call goes over the network.
    @Sendable public static func neverStub(_ target: Target) -> StubBehavior { .never }

    /// Stubs every call at once from its sample response.
    @Sendable public static func immediatelyStub(_ target: Target) -> StubBehavior { .immediate }

    /// Stubs every call from its sample response after `seconds`.
    public static func delayedStub(_ seconds: TimeInterval) -> StubClosure {
        { _ in .delayed(seconds: seconds) }
    }
}
