import Courier

/// Moya's provider, with Moya's defaults, over a Courier ``Provider``.
///
/// A stepping stone for a port: `MoyaProvider<GitHubAPI>(endpointClosure:, stubClosure:,
/// session:, plugins:)` keeps compiling, and keeps Moya's behaviour where Courier's differs:
/// a `401` is a response like any other (``ProviderOptions/moyaCompatible``), and completion
/// handlers run on the main queue unless the call or the provider names another queue. Move
/// to ``Provider`` (``provider`` is the one inside) when the app builds.
public final class MoyaProvider<Target: TargetType>: Sendable {
    /// Maps a target to an endpoint.
    public typealias EndpointClosure = @Sendable (Target) -> Endpoint
    /// What a request closure hands back: the request, or why there is none.
    public typealias RequestResultClosure = Provider<Target>.RequestResultClosure
    /// Moya's request closure: it calls `done` once with the endpoint's request.
    public typealias RequestClosure = Provider<Target>.CallbackRequestClosure
    /// Chooses, per target, whether a call is stubbed.
    public typealias StubClosure = @Sendable (Target) -> StubBehavior

    /// The Courier provider that sends the calls.
    public let provider: Provider<Target>

    /// Creates a provider with Moya's parameters and defaults.
    ///
    /// - Parameters:
    ///   - endpointClosure: maps a target to an endpoint; ``defaultEndpointMapping(for:)`` by default.
    ///   - requestClosure: Moya's `(endpoint, done)` closure; ``defaultRequestMapping(for:closure:)`` by default.
    ///   - stubClosure: chooses stubbing per target; ``neverStub(_:)`` by default.
    ///   - callbackQueue: where completion handlers run; the main queue when `nil`, as in Moya.
    ///   - session: the transport (Moya's Alamofire `Session`); a new `RoutingTransport` by default (URLSession on Apple platforms; `http://` and `https://` natively on Linux).
    ///   - plugins: run in array order; none by default.
    ///   - trackInflights: whether identical concurrent requests share one network call.
    ///   - options: further settings; ``ProviderOptions/moyaCompatible`` (a `401` is no
    ///     `.sessionExpired`) by default.
    public init(
        endpointClosure: @escaping EndpointClosure = MoyaProvider.defaultEndpointMapping,
        requestClosure: @escaping RequestClosure = MoyaProvider.defaultRequestMapping,
        stubClosure: @escaping StubClosure = MoyaProvider.neverStub,
        callbackQueue: DispatchQueue? = nil,
        session: any Transport = RoutingTransport(),
        plugins: [any PluginType] = [],
        trackInflights: Bool = false,
        options: ProviderOptions = .moyaCompatible
    ) {
        provider = Provider(
            endpointClosure: endpointClosure, requestClosure: requestClosure,
            stubClosure: stubClosure, callbackQueue: callbackQueue ?? .main, transport: session,
            plugins: plugins, trackInflights: trackInflights, options: options)
    }

    /// Creates a provider with the `manager:` label of Moya before version 14.
    public convenience init(
        endpointClosure: @escaping EndpointClosure = MoyaProvider.defaultEndpointMapping,
        requestClosure: @escaping RequestClosure = MoyaProvider.defaultRequestMapping,
        stubClosure: @escaping StubClosure = MoyaProvider.neverStub,
        callbackQueue: DispatchQueue? = nil,
        manager: any Transport,
        plugins: [any PluginType] = [],
        trackInflights: Bool = false
    ) {
        self.init(
            endpointClosure: endpointClosure, requestClosure: requestClosure, stubClosure: stubClosure,
            callbackQueue: callbackQueue, session: manager, plugins: plugins, trackInflights: trackInflights)
    }

    /// The plugins, run in this order.
    public var plugins: [any PluginType] { provider.plugins }
}
