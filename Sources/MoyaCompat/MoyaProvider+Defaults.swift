import Courier

extension MoyaProvider {
    /// The endpoint of `target` as it describes itself (``Provider/defaultEndpointMapping(for:)``).
    @Sendable public static func defaultEndpointMapping(for target: Target) -> Endpoint {
        Provider<Target>.defaultEndpointMapping(for: target)
    }

    /// Hands `closure` the endpoint's own `URLRequest`, or the error that stopped it.
    @Sendable public static func defaultRequestMapping(for endpoint: Endpoint, closure: RequestResultClosure) {
        do {
            closure(.success(try endpoint.urlRequest()))
        } catch {
            closure(.failure(error))
        }
    }

    /// Never stubs.
    @Sendable public static func neverStub(_ target: Target) -> StubBehavior { .never }

    /// Stubs every call at once from its sample response.
    @Sendable public static func immediatelyStub(_ target: Target) -> StubBehavior { .immediate }

    /// Stubs every call from its sample response after `seconds`.
    public static func delayedStub(_ seconds: TimeInterval) -> StubClosure {
        { _ in .delayed(seconds: seconds) }
    }

    /// Moya's `defaultAlamofireSession()`: a new ``URLSessionTransport``.
    public static func defaultAlamofireSession() -> Session {
        URLSessionTransport()
    }
}
