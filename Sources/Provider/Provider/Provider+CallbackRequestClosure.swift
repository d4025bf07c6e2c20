import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension Provider {
    /// What a callback-style request closure hands back: the request, or why there is none.
    public typealias RequestResultClosure = @Sendable (Result<URLRequest, CourierError>) -> Void
    /// Moya's request closure shape: it calls `done` once with the endpoint's request.
    public typealias CallbackRequestClosure = @Sendable (Endpoint, @escaping RequestResultClosure) -> Void

    /// Creates a provider whose request closure has Moya's `(endpoint, done)` shape, so a Moya
    /// request closure ports unchanged.
    ///
    /// ```swift
    /// let requestClosure = { @Sendable (endpoint: Endpoint, done: Provider<GitHubAPI>.RequestResultClosure) in
    ///     do {
    ///         var request = try endpoint.urlRequest()
    ///         request.timeoutInterval = 20
    ///         done(.success(request))
    ///     } catch {
    ///         done(.failure(error))
    ///     }
    /// }
    /// ```
    ///
    /// The call waits for `done`, at most until its deadline or its cancellation; a second call
    /// of `done` is ignored. The other parameters are those of
    /// ``init(endpointClosure:requestClosure:stubClosure:callbackQueue:transport:plugins:envelope:trackInflights:options:)``,
    /// which takes an envelope too (Moya has none).
    public convenience init(
        endpointClosure: @escaping EndpointClosure = Provider.defaultEndpointMapping,
        requestClosure: @escaping CallbackRequestClosure,
        stubClosure: @escaping StubClosure = Provider.neverStub,
        callbackQueue: DispatchQueue? = nil,
        transport: any Transport = RoutingTransport(),
        plugins: [any PluginType] = [],
        trackInflights: Bool = false,
        options: ProviderOptions = ProviderOptions()
    ) {
        self.init(
            endpointClosure: endpointClosure, requestClosure: Self.awaiting(requestClosure), stubClosure: stubClosure,
            callbackQueue: callbackQueue, transport: transport, plugins: plugins, trackInflights: trackInflights,
            options: options)
    }

    /// `closure` as an `async` request closure that waits for its `done`.
    static func awaiting(_ closure: @escaping CallbackRequestClosure) -> RequestClosure {
        { endpoint in
            let once = OnceContinuation<URLRequest>()
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    once.set(continuation)
                    closure(endpoint) { result in once.resume(with: result.mapError { $0 as any Error }) }
                }
            } onCancel: {
                once.resume(with: .failure(CancellationError()))
            }
        }
    }
}
