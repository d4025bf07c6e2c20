import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends the targets of one API: builds each request, runs the plugins, and sends it over
/// the transport or answers it from a stub.
///
/// ```swift
/// let provider = Provider<MallAPI>(plugins: [NetworkLoggerPlugin()])
/// let page = try await provider.request(.goods(page: 1, categoryId: 3), as: GoodsPage.self)
/// ```
///
/// A provider is `Sendable`: share one per API across the app and call it from any task.
public final class Provider<Target: TargetType>: Sendable {
    /// Maps a target to an endpoint.
    public typealias EndpointClosure = @Sendable (Target) -> Endpoint
    /// Turns an endpoint into a request; may be async (to sign it) and may throw.
    public typealias RequestClosure = @Sendable (Endpoint) async throws -> URLRequest
    /// Chooses, per target, whether a call is stubbed.
    public typealias StubClosure = @Sendable (Target) -> StubBehavior

    /// Maps each target to its endpoint.
    public let endpointClosure: EndpointClosure
    /// Turns each endpoint into a request.
    public let requestClosure: RequestClosure
    /// Chooses whether a call is stubbed.
    public let stubClosure: StubClosure
    /// Where completion handlers run when a call does not name a queue.
    public let callbackQueue: DispatchQueue?
    /// Sends real requests.
    public let transport: any Transport
    /// The plugins, run in this order.
    public let plugins: [any PluginType]
    /// The business envelope every response is unwrapped through, if any.
    public let envelope: (any ResponseEnvelope)?
    /// Whether identical requests in flight at once share one network call.
    public let trackInflights: Bool
    /// Further settings.
    public let options: ProviderOptions

    let inflights = InflightRegistry()
    /// The links below the plugins: in-flight sharing, redirects, cookies, the cache, the transport.
    let chain: CallChain
    let calls = CallRegistry()
    /// Where the calls' deadlines are kept: the process's timer, or one on the options' test clock.
    let deadlines: DeadlineTimer
    /// Live values, cache tags and waiting outboxes of the offline-first layer (`Offline/`).
    let offline = OfflineHub()
    let traits = TargetTraits(Target.self)
    /// Whether `transport` answers from a test's stubs (``StubAnsweringTransport``), asked once: a
    /// cast of an existential costs a conformance lookup on every call that asks.
    let answersFromTestStubs: Bool

    /// Creates a provider.
    ///
    /// - Parameters:
    ///   - endpointClosure: maps a target to an endpoint; ``defaultEndpointMapping(for:)`` by default.
    ///   - requestClosure: turns an endpoint into a request; ``defaultRequestMapping(for:)`` by default.
    ///   - stubClosure: chooses stubbing per target; ``neverStub(_:)`` by default. A call it
    ///     stubs is answered from the target's sample response in the transport's place (the
    ///     chain above it runs as for a real call, but a stubbed `3xx` is not followed) and never
    ///     reaches `transport`;
    ///     with a transport that answers from a test's stubs (CourierTesting's `StubTransport`)
    ///     that would silently ignore them, so such a call fails with
    ///     ``CourierError/requestMapping(_:)`` saying so: use one or the other.
    ///   - callbackQueue: where completion handlers run; `nil` (the default) runs them on the
    ///     task that finished the call, which works in a command-line program with no main run loop.
    ///   - transport: sends real requests; a new ``RoutingTransport`` by default: on Linux it sends
    ///     `http://` and `https://` through the native HTTP/1.1 transport (FoundationNetworking
    ///     aborts the process on some answers, a chunked trailer among them) and the rest, such as
    ///     a proxied URL, through `URLSession`; on Apple platforms it sends everything through
    ///     `URLSession`.
    ///   - plugins: run in array order; none by default.
    ///   - envelope: the business envelope of this API; `nil` by default.
    ///   - trackInflights: whether identical concurrent requests share one network call; `false` by default.
    ///   - options: further settings; `ProviderOptions()` by default.
    public init(
        endpointClosure: @escaping EndpointClosure = Provider.defaultEndpointMapping,
        requestClosure: @escaping RequestClosure = Provider.defaultRequestMapping,
        stubClosure: @escaping StubClosure = Provider.neverStub,
        callbackQueue: DispatchQueue? = nil,
        transport: any Transport = RoutingTransport(),
        plugins: [any PluginType] = [],
        envelope: (any ResponseEnvelope)? = nil,
        trackInflights: Bool = false,
        options: ProviderOptions = ProviderOptions()
    ) {
        self.endpointClosure = endpointClosure
        self.requestClosure = requestClosure
        self.stubClosure = stubClosure
        self.callbackQueue = callbackQueue
        self.transport = transport
        self.answersFromTestStubs = transport is any StubAnsweringTransport
        self.plugins = plugins
        self.envelope = envelope
        self.trackInflights = trackInflights
        self.options = options
        deadlines = DeadlineTimer.timer(for: options.clock)
        var chain = CallChain(
            transport: transport, inflights: trackInflights ? inflights : nil, pins: options.pinnedPublicKeys)
        chain.allowsCookiesOverPlainHTTP = options.allowsCredentialsOverPlainHTTP
        self.chain = chain
    }

    /// The envelope that applies to `target`: the provider's, unless the target says otherwise.
    func envelope(for target: Target) -> (any ResponseEnvelope)? {
        guard traits.mayOverrideEnvelope else { return envelope }
        return EnvelopeOverride.resolve(for: target, providerEnvelope: envelope)
    }
}
