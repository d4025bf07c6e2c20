import Courier

extension MoyaProvider {
    /// What `provider.session` and its `session` stand for in a Moya app: the handle through
    /// which an app ends everything at logout, with Moya's spelling
    /// `provider.session.session.invalidateAndCancel()`.
    public struct AlamofireSession: Sendable {
        fileprivate let provider: Provider<Target>

        /// Alamofire's `session.session` (its `URLSession`): the same handle, so that the spelling
        /// of a Moya app compiles unchanged.
        public var session: AlamofireSession { self }

        /// Cancels every call in flight and ends the transport, as `URLSession`'s
        /// `invalidateAndCancel()` did under Moya: Courier's ``Provider/shutdown()``. The calls end
        /// at once with a cancellation; the transport finishes ending in the background.
        public func invalidateAndCancel() {
            provider.cancelEveryCall()
            let provider = provider
            Task { await provider.shutdown() }
        }
    }

    /// Moya's `provider.session`, for `provider.session.session.invalidateAndCancel()`.
    public var session: AlamofireSession { AlamofireSession(provider: provider) }

    /// Moya 11 to 13's `provider.manager`, for `provider.manager.session.invalidateAndCancel()`.
    public var manager: AlamofireSession { session }
}
