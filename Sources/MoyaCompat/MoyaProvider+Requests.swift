import Courier

extension MoyaProvider {
    /// Sends `target` and calls `completion` exactly once with the result, as Moya does: on
    /// `callbackQueue`, else the provider's, else the main queue. A completion written in
    /// `@MainActor` code runs on the main actor.
    ///
    /// ```swift
    /// provider.request(.zen) { result in
    ///     if case .success(let response) = result { print(try? response.mapString() ?? "") }
    /// }
    /// ```
    @discardableResult
    public func request(
        _ target: Target, callbackQueue: DispatchQueue? = .none, progress: ProgressBlock? = .none,
        @_inheritActorContext completion: @escaping @isolated(any) @Sendable (Result<Response, MoyaError>) -> Void
    ) -> Cancellable {
        provider.request(target, callbackQueue: callbackQueue, progress: progress, completion: completion)
    }

    /// Sends `target` and returns the response: Courier's `async` form, for the call sites a
    /// port rewrites first.
    public func request(_ target: Target) async throws -> Response {
        try await provider.request(target)
    }

    /// Sends `target` and decodes the body (or the envelope's payload) as `T`.
    public func request<T: Decodable>(_ target: Target, as type: T.Type) async throws -> T {
        try await provider.request(target, as: type)
    }
}
